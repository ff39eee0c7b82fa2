-- Rating history (issue 28): a row per rating change, written by the commit that finished the
-- person-only match, beside the `ratings` it updated: each rated player and pair, for the
-- match's season and for all time (season 0), with the values after the change. Ratings
-- from before this migration get no history: their changes were never kept.
--
-- A table can play several matches (rematches), so a change is keyed by the finished match
-- (`matches.id`), not by its table: one row per match, season and whose rating.
CREATE TABLE rating_changes (
    match_id       INTEGER NOT NULL REFERENCES matches (id),
    season         INTEGER NOT NULL,
    user1_platform TEXT    NOT NULL,
    user1_id       TEXT    NOT NULL,
    user2_platform TEXT    NOT NULL,
    user2_id       TEXT    NOT NULL,
    chat_platform  TEXT    NOT NULL,
    chat_id        TEXT    NOT NULL,
    variant        TEXT    NOT NULL,
    table_id       INTEGER NOT NULL REFERENCES tables (id),
    at             INTEGER NOT NULL,
    mu             REAL    NOT NULL,
    sigma          REAL    NOT NULL,
    matches        INTEGER NOT NULL,
    PRIMARY KEY (match_id, season, user1_platform, user1_id, user2_platform, user2_id)
);

-- A chat's changes of one season (or all time) and variant, in time order.
CREATE INDEX rating_changes_chat ON rating_changes (chat_platform, chat_id, season, variant, at, match_id);
