-- Where an adapter shows a table: the table message in the chat, each player's private hand
-- message. Opaque to the core: the adapter writes and reads its own strings.
CREATE TABLE message_refs (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    audience TEXT NOT NULL,
    message TEXT NOT NULL,
    PRIMARY KEY (table_id, audience)
);
