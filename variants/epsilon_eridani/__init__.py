"""Epsilon Eridani (Roberto Lavieri): native rules engine and board data.

``data`` holds the 44-cell board, its colour bands and the starting array;
``board`` the integer lookup tables; ``moves`` move generation and check;
``engine`` the :class:`runtime.core.protocol.Game` (factory ``epsilon_eridani``).
"""
