-- What the bot keeps for itself, by key: the secret its join links are signed with, the
-- webhook's secret, each chat's pacing window (so a restart does not forget what it sent).
CREATE TABLE meta (
    key   TEXT NOT NULL PRIMARY KEY,
    value TEXT NOT NULL
);
