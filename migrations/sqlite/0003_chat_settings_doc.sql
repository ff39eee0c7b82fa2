-- Chat settings become one JSON document with a version: every change bumps the version and a
-- change made on an older one is refused, so concurrent changes cannot overwrite each other,
-- and a new setting needs no new column (missing fields take their defaults).
ALTER TABLE chat_settings RENAME TO chat_settings_v1;

CREATE TABLE chat_settings (
    chat_platform TEXT    NOT NULL,
    chat_id       TEXT    NOT NULL,
    version       INTEGER NOT NULL,
    settings      TEXT    NOT NULL,
    PRIMARY KEY (chat_platform, chat_id)
);

INSERT INTO chat_settings (chat_platform, chat_id, version, settings)
SELECT chat_platform, chat_id, 1,
       json_object('lang', lang, 'turn_secs', turn_secs, 'bot_level', bot_level,
                   'presets', json(presets))
FROM chat_settings_v1;

DROP TABLE chat_settings_v1;
