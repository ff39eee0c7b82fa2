-- Standings kept for years (issue 11): matches with a computer seat are kept apart from the
-- person-only standings, ratings (Weng-Lin) per season and all time, and each finished
-- match's players for /history.

-- A person's line from matches with a computer seat (the same columns as player_stats, which
-- from now on counts person-only matches).
CREATE TABLE computer_stats (
    chat_platform  TEXT    NOT NULL,
    chat_id        TEXT    NOT NULL,
    season         BIGINT  NOT NULL,
    variant        TEXT    NOT NULL,
    user_platform  TEXT    NOT NULL,
    user_id        TEXT    NOT NULL,
    name           TEXT    NOT NULL,
    matches        BIGINT  NOT NULL,
    wins           BIGINT  NOT NULL,
    goats          BIGINT  NOT NULL,
    rounds         BIGINT  NOT NULL,
    points_for     BIGINT  NOT NULL,
    points_against BIGINT  NOT NULL,
    PRIMARY KEY (chat_platform, chat_id, season, variant, user_platform, user_id)
);

-- A Weng-Lin rating (mu, sigma) from person-only matches: a person (user2 empty) or a pair of
-- partners (in id order), per variant, per season (season 0: all time).
CREATE TABLE ratings (
    chat_platform  TEXT    NOT NULL,
    chat_id        TEXT    NOT NULL,
    season         BIGINT  NOT NULL,
    variant        TEXT    NOT NULL,
    user1_platform TEXT    NOT NULL,
    user1_id       TEXT    NOT NULL,
    user2_platform TEXT    NOT NULL,
    user2_id       TEXT    NOT NULL,
    mu             DOUBLE PRECISION NOT NULL,
    sigma          DOUBLE PRECISION NOT NULL,
    matches        BIGINT  NOT NULL,
    PRIMARY KEY (chat_platform, chat_id, season, variant, user1_platform, user1_id, user2_platform, user2_id)
);

-- The seats of a finished match as JSON (`SummaryPlayer`s), for /history; '' for matches
-- finished before this migration.
ALTER TABLE matches ADD COLUMN players TEXT NOT NULL DEFAULT '';
