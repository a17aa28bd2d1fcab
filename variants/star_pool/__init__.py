"""Star Pool Chess (Peter Aronson and Tony Quintanilla): native rules engine and board data.

``data`` holds the board and setup as plain data, ``board`` turns it into
integer move tables, ``engine`` implements the game contract.
"""
