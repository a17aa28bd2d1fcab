"""Canopus and Super-Star Canopus (Roberto Lavieri): native rules engine.

``data`` holds the board and the setup as plain data, ``board`` the integer
geometry tables, ``moves`` the move generator and attack test, ``engine`` the
:class:`runtime.core.protocol.Game` / ``State`` classes and the factories
``canopus()`` and ``super_star_canopus()`` registered in ``registration.py``.
"""
