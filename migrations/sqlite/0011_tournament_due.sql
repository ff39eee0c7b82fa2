-- Issue 43: the timer loop reads only tournaments with due work. `due_at` is when the service
-- next has work on a tournament (`Tournament::due_at`: an enrolment that expires, an arena's
-- window, a running tournament's tables; the service paces a running one further); a closed
-- one is never due (the largest integer). Rows stored before it are due at once, and set on
-- their first drive.
ALTER TABLE tournaments ADD COLUMN due_at INTEGER NOT NULL DEFAULT 0;
CREATE INDEX tournaments_due ON tournaments (due_at) WHERE open = 1;
