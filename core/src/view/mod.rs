//! What to show, as plain data and text: the public table view, each player's private hand
//! view, notices, rules, help and scoreboards, in Russian and English (per chat, [`Lang`]);
//! and the same table drawn as pictures ([`picture`]).
//!
//! Text is plain Unicode (no markup): adapters send it as it is. Tiles are written `[a|b]` in
//! public text and never anything but tiles is written that way; people's names are cleaned so
//! they cannot imitate one ([`text::display_name`]).
//!
//! The absolute rule: a public view ([`TableView`], notices, scoreboards) never holds a hidden
//! tile — another player's hand or the bazaar. Only [`HandView`] shows tiles in a hand, and only
//! to the seat that holds them.
//!
//! [`Lang`]: crate::session::Lang

pub mod board;
pub mod card;
pub mod finding;
pub mod hand;
pub mod hand_page;
pub mod history;
pub mod notice;
pub mod picture;
pub mod pings;
pub mod played;
pub mod queue;
pub mod refusal;
pub mod round_hands;
pub mod rules_text;
pub mod scoreboard;
pub mod season;
pub mod table;
mod table_buttons;
pub mod text;
pub mod tour_news;
pub mod tournament;
pub mod versus;
pub mod watch;

mod render;

/// The table buttons views carry (their codec is the chat layer's one press codec).
pub use crate::chat::press::{BadButton, ButtonAction, ButtonData};
pub use board::{BoardView, EndView, board_view};
pub use card::render_card;
pub use hand::{
    HandView, hand_to_come_text, hand_view, hand_view_in, hand_view_page, move_label, render_hand,
    render_hand_brief, render_hand_caption, takes_end_note,
};
pub use history::{RoundLine, round_history};
pub use notice::{move_toast, moves_made, notice, notices, turn_text, warning_text};
pub use played::render_history;
pub use refusal::{move_error_text, rejection_text, rules_error_text};
pub use render::{render_caption, render_table};
pub use round_hands::round_hands_text;
pub use rules_text::rules_text;
pub use scoreboard::{
    order_line, render_computer_scoreboard, render_pair_scoreboard, render_scoreboard,
    render_tally, render_totals,
};
pub use season::{render_digest, render_season_end, render_season_so_far};
pub use table::{
    Buttons, ClockView, LastRoundView, OutcomeView, PhaseView, SeatView, SheetView, SideClock,
    SideScore, TableView, table_view, table_view_in,
};
pub use text::variant_name;
pub use versus::render_versus;
pub use watch::{WatchView, Watching, render_watch};
