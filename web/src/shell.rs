//! The frame every page shares: its head (title, style), the menu of the chat's pages, and
//! the live script: an `EventSource` on `/events` that replaces the tables as they move,
//! reloads the page when the league moved on (a match finished) or the pages' version
//! changed, and says so while the connection is down (the browser reconnects by itself).

use crate::Open;
use maud::{DOCTYPE, Markup, PreEscaped, html};

/// The pages' style: dark, large enough to read across a room; the TV mode larger still.
const STYLE: &str = r#"
:root{color-scheme:dark;--bg:#10141a;--fg:#e8e6e3;--dim:#9aa4ad;--acc:#f2c14e;--card:#1b222c}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:17px/1.45 system-ui,sans-serif}
nav{display:flex;flex-wrap:wrap;gap:.3em 1.2em;padding:.7em 1em;background:var(--card)}
nav a{color:var(--fg);text-decoration:none}nav a.on{color:var(--acc)}
main{padding:1em;max-width:80em;margin:0 auto}
h1,h2{font-weight:600;margin:.6em 0 .3em}
pre{white-space:pre-wrap;font:inherit;margin:0}
.block{background:var(--card);border-radius:.5em;padding:.8em 1em;margin:.6em 0}
.chart svg{width:100%;height:auto;max-height:60vh}
.people a,.list a{color:var(--acc)}
.boards{display:grid;grid-template-columns:repeat(auto-fill,minmax(22em,1fr));gap:1em}
.board img{width:100%;height:auto;border-radius:.4em}
.dim{color:var(--dim)}
#offline{display:none;position:fixed;bottom:0;left:0;right:0;padding:.4em 1em;background:#7a2e2e}
body.off #offline{display:block}
body.tv{font-size:2.1vw;height:100vh;overflow:hidden}
body.tv main{max-width:none;height:100vh;padding:1.5vh 2vw}
body.tv .slide{display:none;height:96vh;overflow:hidden}body.tv .slide.on{display:block}
body.tv .chart svg{max-height:70vh}
body.tv .slide.on.duo{display:grid;grid-template-columns:1fr 1fr;gap:0 2vw;align-content:start}
body.tv .duo>h1,body.tv .duo>.people{grid-column:1/-1}
body.tv .boards{grid-template-columns:repeat(auto-fit,minmax(30vw,1fr))}
body.tv .board img{max-height:55vh;object-fit:contain}
"#;

/// The live script: `BASE`, `VERSION` and `LEAGUE` are the page's own (set before it).
const LIVE: &str = r#"
(function(){
  var url=BASE+"/events?v="+encodeURIComponent(VERSION)+"&l="+LEAGUE;
  var es=new EventSource(url);
  es.onopen=function(){document.body.classList.remove("off")};
  es.onerror=function(){
    document.body.classList.add("off");
    /* Refused rather than cut (the bot's store away, say): the browser gives up, the page
       does not. */
    if(es.readyState===2){setTimeout(function(){location.reload()},15000)}
  };
  es.addEventListener("tables",function(e){
    document.body.classList.remove("off");
    var t=document.getElementById("tables");if(t){t.innerHTML=e.data}
  });
  es.addEventListener("league",function(){location.reload()});
  es.addEventListener("version",function(){location.reload()});
  /* A page left holds no connection (a browser allows a few per server); one come back to
     from the history is drawn anew. */
  addEventListener("pagehide",function(){es.close()});
  addEventListener("pageshow",function(e){if(e.persisted){location.reload()}});
})();
"#;

/// Which page of the menu is shown.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Tab {
    Season,
    AllTime,
    Tables,
    League,
    /// A page off the menu (a card, a head-to-head).
    Other,
}

/// A page: `body` in the frame, live when `league` (the league's stamp it was drawn at) is
/// given.
pub fn page(open: &Open, s: &crate::Screens, tab: Tab, live: Option<u64>, body: Markup) -> Markup {
    let w = open.words();
    let base = &open.base;
    let item = |t: Tab, href: String, label: &str| {
        html! { a href=(href) class=[(t == tab).then_some("on")] { (label) } }
    };
    html! {
        (DOCTYPE)
        html lang=(lang_code(open)) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (w.title) }
                style { (PreEscaped(STYLE)) }
            }
            body {
                nav {
                    (item(Tab::Season, base.clone(), w.standings))
                    (item(Tab::AllTime, format!("{base}/all"), w.all_time))
                    (item(Tab::Tables, format!("{base}/tables"), w.tables))
                    (item(Tab::League, format!("{base}/league"), w.story))
                    a href=(format!("{base}/tv")) { "📺 " (w.tv) }
                }
                main { (body) p.dim { (w.read_only) } }
                div #offline { (w.offline) }
                @if let Some(league) = live { (script(open, s, league, "")) }
            }
        }
    }
}

/// The page's live script, with `more` after it (the TV's cycling).
pub fn script(open: &Open, s: &crate::Screens, league: u64, more: &str) -> Markup {
    let head = format!(
        "var BASE={};var VERSION={};var LEAGUE={league};",
        js_string(&open.base),
        js_string(&s.version)
    );
    html! { script { (PreEscaped(head)) (PreEscaped(LIVE)) (PreEscaped(more)) } }
}

pub fn lang_code(open: &Open) -> &'static str {
    match open.lang {
        domino_core::ids::Lang::Ru => "ru",
        domino_core::ids::Lang::En => "en",
    }
}

pub fn style() -> &'static str {
    STYLE
}

/// `text` as a JavaScript string literal, safe inside a `<script>` element.
fn js_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '<' => out.push_str("\\u003c"),
            c if c.is_alphanumeric() || " -_.:/+~".contains(c) => out.push(c),
            c => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        }
    }
    out.push('"');
    out
}

/// A text the chat is shown, as a block.
pub fn text(t: &str) -> Markup {
    html! { div.block { pre { (t) } } }
}

/// A chart, inline SVG, with its caption.
pub fn chart(title: &str, c: &domino_core::chat::screen::Chart) -> Markup {
    let svg = match c.svg.find("<svg") {
        Some(at) => &c.svg[at..],
        None => "",
    };
    html! {
        div.block.chart {
            h2 { (title) }
            (PreEscaped(svg))
            p.dim { (c.caption) }
        }
    }
}
