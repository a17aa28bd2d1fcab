// The ZRF extension: starts `zrf lsp` for .zrf files and adds the "what does this game do now?" command.
"use strict";

const vscode = require("vscode");
const { LanguageClient, ExecuteCommandRequest } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const settings = vscode.workspace.getConfiguration("zrf");
  const [command, ...args] = settings.get("server.command", ["zrf", "lsp"]);
  const server = { command, args };
  client = new LanguageClient(
    "zrf",
    "ZRF language server",
    { run: server, debug: server },
    {
      documentSelector: [{ language: "zrf" }],
      initializationOptions: { gameReportSeconds: settings.get("gameReportSeconds", 10) },
    }
  );
  const output = vscode.window.createOutputChannel("ZRF game report");
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand("zrf.describeGame", async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || editor.document.languageId !== "zrf") {
        vscode.window.showWarningMessage("Open a .zrf file first.");
        return;
      }
      const report = await client.sendRequest(ExecuteCommandRequest.type, {
        command: "zrf.gameReport",
        arguments: [editor.document.uri.toString()],
      });
      output.clear();
      output.appendLine(JSON.stringify(report, null, 1));
      output.show(true);
    })
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
