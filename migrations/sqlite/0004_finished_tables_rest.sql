-- Only active tables (lobbies, challenges, matches in play) are restored at start: a finished
-- table waits in the store for a rematch, and memory and start-up no longer grow with history.
UPDATE tables SET open = 0 WHERE json_extract(snapshot, '$.phase.phase') = 'finished';
