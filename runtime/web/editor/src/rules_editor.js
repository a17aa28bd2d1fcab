// The play page's rules editor: a CodeMirror 6 view of a ZRF text whose diagnostics and hover
// texts come from the server (the same analysis as `zrf check` and the language server).
// Built into ../static/rules-editor.js by `npm run build` (see README.md beside this folder).
import {EditorState} from "@codemirror/state";
import {EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection, hoverTooltip} from "@codemirror/view";
import {history, undo, redo, insertNewline, insertTab, deleteCharBackward, deleteCharForward,
        selectAll} from "@codemirror/commands";
import {linter, lintGutter, forceLinting} from "@codemirror/lint";

// A ZRF place (line and column from 1, columns in code points) as an offset in the document.
function offsetOf(doc, line, col) {
  const l = doc.line(Math.min(Math.max(line, 1), doc.lines));
  let offset = l.from;
  let left = col - 1;
  const text = l.text;
  let i = 0;
  while (left > 0 && i < text.length) {
    const code = text.codePointAt(i);
    i += code > 0xffff ? 2 : 1;
    left -= 1;
  }
  return Math.min(offset + i, l.to);
}

function markOf(doc, d) {
  const from = offsetOf(doc, d.line, d.col);
  let to = offsetOf(doc, d.end_line, d.end_col);
  if (to <= from) to = Math.min(from + 1, doc.length);
  return {from, to, severity: d.severity === "warning" ? "warning" : "error", source: d.code,
          message: `${d.code} ${d.message}`};
}

// The page's content security policy allows no <style> element, which is how CodeMirror styles a
// document; in a shadow root it uses a constructed style sheet instead, which the policy allows.
const look = EditorView.theme({
  "&": {minHeight: "12em", fontSize: "14px", backgroundColor: "#fff"},
  ".cm-scroller": {fontFamily: "monospace"},
  ".zrf-hover": {margin: "0", padding: "0.4em 0.6em", maxWidth: "60em", maxHeight: "20em", overflow: "auto",
                 whiteSpace: "pre-wrap", fontSize: "13px"},
});

// create(parent, text, {check(text) -> Promise<[diagnostic]>, hover(text, offset) -> Promise<{hover, from, to}|null>,
//                       onDiagnostics([diagnostic])}) -> {view, text(), setText(text)}
export function create(parent, text, calls) {
  const check = linter(async (view) => {
    const doc = view.state.doc;
    const found = await calls.check(doc.toString());
    if (found === null || view.state.doc !== doc) return [];
    if (calls.onDiagnostics) calls.onDiagnostics(found);
    return found.map((d) => markOf(doc, d));
  }, {delay: 400});
  const hovering = hoverTooltip(async (view, pos) => {
    const answer = await calls.hover(view.state.doc.toString(), pos);
    if (!answer || !answer.hover) return null;
    return {pos: answer.from, end: answer.to, above: true, create() {
      const dom = document.createElement("pre");
      dom.className = "zrf-hover";
      dom.textContent = answer.hover;
      return {dom};
    }};
  }, {hoverTime: 350});
  const root = parent.shadowRoot || parent.attachShadow({mode: "open"});
  const box = document.createElement("div");
  root.appendChild(box);
  const view = new EditorView({
    parent: box,
    root,
    state: EditorState.create({doc: text, extensions: [
      lineNumbers(), highlightActiveLine(), drawSelection(), history(),
      keymap.of([
        {key: "Mod-z", run: undo, preventDefault: true}, {key: "Mod-y", run: redo, preventDefault: true},
        {key: "Mod-Shift-z", run: redo, preventDefault: true}, {key: "Mod-a", run: selectAll},
        {key: "Enter", run: insertNewline}, {key: "Tab", run: insertTab},
        {key: "Backspace", run: deleteCharBackward}, {key: "Delete", run: deleteCharForward},
      ]),
      lintGutter(), check, hovering, look,
    ]}),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText(newText) {
      view.dispatch({changes: {from: 0, to: view.state.doc.length, insert: newText}});
      forceLinting(view);
    },
    destroy: () => view.destroy(),
  };
}
