-- The snapshot per round (issue 24): each finished round of a table's match, written once by
-- the commit that dealt the next one; the snapshot holds the round in play only. A match is
-- keyed by its seed (a rematch starts again at round 0); `moves` is the JSON array of the
-- round's move codes.
CREATE TABLE table_rounds (
    table_id   INTEGER NOT NULL REFERENCES tables (id),
    match_seed INTEGER NOT NULL,
    round      INTEGER NOT NULL,
    moves      TEXT    NOT NULL,
    PRIMARY KEY (table_id, match_seed, round)
) WITHOUT ROWID;
