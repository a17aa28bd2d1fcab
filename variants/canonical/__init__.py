"""Canonical Chess family (Tony Paletta): Canonical (81 points), Canonic (64) and Canon (49) Chess.

``data`` holds the board geometry and setups, ``board`` the precomputed integer
tables, ``engine`` the native rules engine and the three registry factories.
"""
