"""Alpha Centauri (Roberto Lavieri): data, native rules engine (first implementation of the game)."""
