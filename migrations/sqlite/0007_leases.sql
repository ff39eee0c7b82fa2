-- Several processes on one store (issue 13): who fires each table's timers and computer moves
-- (a lease until a moment, Unix ms), and an index for what changed since a moment.
CREATE TABLE leases (
    table_id INTEGER NOT NULL PRIMARY KEY,
    owner    TEXT    NOT NULL,
    until    INTEGER NOT NULL
);

CREATE INDEX tables_updated ON tables (updated_at);
