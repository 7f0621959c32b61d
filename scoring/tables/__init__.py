"""Tables: an evening's game (dealer and winds, running totals, settle-up), kept in the database.

`game` is the game in pure Python (rotation, money, recording a hand; it asks the engine for every
amount, and imports nothing but the engine and the standard library, so that it can run on the
phone); `models` keeps it (Table, TableHand, Submission; app label "scoring", imported by
scoring/models.py so Django finds them); `services` writes what a form entered (its game entry)
as a hand; `forms`, `views`, `urls` and `templatetags` are its web door, with its templates in
templates/tables/.
"""
