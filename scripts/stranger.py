#!/usr/bin/env python3
"""Tries the release binary as a stranger would (issue 24), against a fake Bot API on loopback.

Starts a minimal fake of Telegram's Bot API on 127.0.0.1, runs `domino run` (the binary given)
against it with a fresh SQLite store, and sends, in a private chat, `/duel bot до 4294967295`,
then `/duel bot до 1000`, `/score`, `/new kozel часы 100000+5`, `/history 18446744073709551616`,
while another group asks `/help` every half second. Prints, per request, how long the bot took
to answer and the first line of its answer; the bot's resident memory at the end; and exits 1 if
any request went unanswered for 5 s or the process died.

    cargo build --release && python3 scripts/stranger.py target/release/domino
"""
import json, os, re, subprocess, sys, tempfile, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

lock = threading.Lock()
updates, sent = [], []  # updates for getUpdates; (time, chat_id, method, text) sent by the bot
next_update, next_message = [1], [100]


def message(chat_id, text, kind, user=7):
    chat = {"id": chat_id, "type": kind}
    chat.update({"first_name": "Stranger"} if kind == "private" else {"title": "Office"})
    with lock:
        next_message[0] += 1
        updates.append({"update_id": next_update[0], "message": {
            "message_id": next_message[0], "date": int(time.time()), "chat": chat,
            "from": {"id": user, "is_bot": False, "first_name": "Stranger", "language_code": "ru"},
            "text": text, "entities": [{"type": "bot_command", "offset": 0,
                                        "length": len(text.split()[0].encode("utf-16-le")) // 2}]}})
        next_update[0] += 1
        return next_message[0]


class Api(BaseHTTPRequestHandler):
    def log_message(self, *a):
        pass

    def handle_error(self, *a):  # the bot hung up a long poll: nothing to report
        pass

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length") or 0))
        method = self.path.rsplit("/", 1)[-1].lower()
        try:
            args = json.loads(body or b"{}")
        except ValueError:  # multipart (photos): read what matters by hand
            args = {}
            for key in ("chat_id", "caption", "reply_parameters"):
                m = re.search(rb'name="%s"\r\n\r\n(.*?)\r\n--' % key.encode(), body, re.S)
                if m:
                    args[key] = m.group(1).decode("utf-8", "replace")
        if method == "getupdates":
            offset = int(args.get("offset") or 0)
            for _ in range(20):
                with lock:
                    out = [u for u in updates if u["update_id"] >= offset]
                if out:
                    break
                time.sleep(0.05)
            return self.reply(out)
        if method == "getme":
            return self.reply({"id": 1, "is_bot": True, "first_name": "Domino", "username": "domino_bot",
                               "can_join_groups": True, "can_read_all_group_messages": False,
                               "supports_inline_queries": False, "can_connect_to_business": False,
                               "has_main_web_app": False})
        if method == "getchatmember":
            return self.reply({"status": "member", "user": {"id": int(args.get("user_id", 7)),
                                                            "is_bot": False, "first_name": "X"}})
        if method.startswith("send") or method.startswith("edit"):
            chat = int(args.get("chat_id") or 0)
            text = args.get("text") or args.get("caption") or method
            reply = args.get("reply_parameters") or {}
            if isinstance(reply, str):
                reply = json.loads(reply)
            with lock:
                sent.append((time.time(), chat, method, text, reply.get("message_id")))
                next_message[0] += 1
                mid = next_message[0]
            place = {"id": chat, "type": "private", "first_name": "Stranger"} if chat > 0 else \
                {"id": chat, "type": "group", "title": "Office"}
            msg = {"message_id": mid, "date": int(time.time()), "chat": place,
                   "from": {"id": 1, "is_bot": True, "first_name": "Domino", "username": "domino_bot"},
                   "text": text}
            if "photo" in method or "media" in method:
                msg.pop("text")
                msg["caption"] = text
                msg["photo"] = [{"file_id": "f%d" % mid, "file_unique_id": "u%d" % mid,
                                 "width": 1024, "height": 640}]
            return self.reply(msg)
        return self.reply(True)

    def reply(self, result):
        data = json.dumps({"ok": True, "result": result}).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def answered(chat, since, to, timeout=5.0):
    """The bot's answer to message `to` in `chat`: the message that replies to it, or (a new
    table is posted, not replied) the first message in the chat after it."""
    end = since + timeout
    while time.time() < end:
        with lock:
            after = [s for s in sent if s[1] == chat and s[0] >= since]
        replies = [s for s in after if s[4] == to]
        if replies:
            return replies[0]
        if after and time.time() - after[0][0] > 1.0:
            return after[0]
        time.sleep(0.02)
    return None


def rss_mb(pid):
    with open("/proc/%d/statm" % pid) as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "target/release/domino")
    server = ThreadingHTTPServer(("127.0.0.1", 0), Api)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    work = tempfile.mkdtemp()
    env = dict(os.environ, TELOXIDE_TOKEN="1:stranger", DATABASE_URL="sqlite://%s/d.db" % work,
               TELOXIDE_API_URL="http://127.0.0.1:%d" % server.server_port, RUST_LOG="warn")
    env.pop("DISCORD_TOKEN", None)
    bot = subprocess.Popen([binary, "run"], env=env, cwd=work)
    time.sleep(2)
    me, group, failed = 7, -100, False
    steps = ["/duel bot до 4294967295", "/duel bot до 1000", "/score",
             "/new kozel часы 100000+5", "/history 18446744073709551616", "/score"]
    helps = []
    for text in steps:
        t0 = time.time()
        got = answered(me, t0, message(me, text, "private"))
        t1 = time.time()
        h = answered(group, t1, message(group, "/help", "group"))
        helps.append(None if h is None else h[0])
        if got is None:
            failed = True
            print("%-36s  no answer within 5 s" % text)
        else:
            first = got[3].splitlines()[0] if got[3] else got[2]
            print("%-36s  %5.0f ms  %s: %s" % (text, (got[0] - t0) * 1000, got[2], first[:90]))
        time.sleep(0.5)
    alive = bot.poll() is None
    print("group /help answered: %d of %d" % (sum(h is not None for h in helps), len(helps)))
    print("process alive: %s; resident memory %.0f MB" % (alive, rss_mb(bot.pid) if alive else 0))
    bot.terminate()
    bot.wait(10)
    server.shutdown()
    sys.exit(0 if alive and not failed and all(h is not None for h in helps) else 1)


if __name__ == "__main__":
    main()
