-- Several processes on one database (issue 13): who fires each table's timers and computer
-- moves (a lease until a moment, Unix ms; one row per table, taken by an upsert that only one
-- claimant wins), and an index for what changed since a moment.
CREATE TABLE leases (
    table_id BIGINT NOT NULL PRIMARY KEY,
    owner    TEXT   NOT NULL,
    until    BIGINT NOT NULL
);

CREATE INDEX tables_updated ON tables (updated_at);
