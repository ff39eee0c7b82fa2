//! Variants, options and presets (RULES.md §1–§6, RECORD.md R1–R6).
//!
//! [`Rules`] is the checked rule set of one match: built from the JSON options object of a record
//! or a `/settings` menu through [`Rules::from_options`], which names any unknown option or wrong
//! value. Scoring for each variant lives in the sibling modules.

mod builder;
mod catalog;
mod entries;
mod options;
mod variant;

pub use builder::RulesBuilder;
pub use catalog::{OPTIONS, OptionKind, OptionSpec, Words, option, option_keys, options_for};
pub use options::RulesError;
pub use variant::Variant;

use crate::engine::tile::{STANDARD_MAX_PIP, Tile};

/// The most seats any table has (traditional with a larger set, RULES §1).
pub const MAX_SEATS: usize = 8;

/// The sets a table may play, by highest pip (option `set`, RULES §0, §1).
pub const SETS: [u8; 5] = [6, 9, 12, 15, 18];

/// The default target of a variant with a set (RULES §1 "Larger sets", RECORD L5).
pub const fn default_target(variant: Variant, set: u8) -> u32 {
    match (variant, set) {
        (Variant::Classic, 9) => 350,
        (Variant::Classic, 12) => 550,
        (Variant::Classic, 15) => 900,
        (Variant::Classic, 18) => 1_000,
        _ => variant.default_target(),
    }
}

/// Whether partners sit opposite and score together.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Teams {
    #[default]
    None,
    Pairs,
}

impl Teams {
    pub const fn key(self) -> &'static str {
        match self {
            Teams::None => "none",
            Teams::Pairs => "pairs",
        }
    }
}

/// Named bundles of options (RULES.md; RECORD.md R1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    Troshin,
    Plain,
    Sport,
}

impl Preset {
    pub const ALL: [Preset; 3] = [Preset::Troshin, Preset::Plain, Preset::Sport];

    pub const fn key(self) -> &'static str {
        match self {
            Preset::Troshin => "troshin",
            Preset::Plain => "plain",
            Preset::Sport => "sport",
        }
    }

    /// R1: where each preset exists.
    pub const fn allowed_in(self, variant: Variant) -> bool {
        match self {
            Preset::Troshin => variant.is_kozel_family(),
            Preset::Plain => !matches!(variant, Variant::Telefon),
            Preset::Sport => true,
        }
    }
}

/// Which special lone-tile values apply (RULES §1–§3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum LoneValues {
    #[default]
    Standard,
    Troshin,
    Plain,
}

/// The search order for the forced lead of round 1 (`opener_order`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum OpenerOrder {
    /// Classic: 6-6 … 0-0 (0-0 first under `lead_00`); Kozel family and Telefon: 1-1 … 6-6, 0-0.
    #[default]
    Default,
    /// `opener_order: true`: 0-0, 1-1 … 6-6.
    ZeroFirst,
    /// A list of distinct doubles.
    Custom(Vec<Tile>),
}

/// Read accessors of the flag options (each described in the catalog, `catalog::OPTIONS`).
macro_rules! flags {
    ($($field:ident),* $(,)?) => {
        $(
            #[doc = concat!("The `", stringify!($field), "` option.")]
            pub const fn $field(&self) -> bool {
                self.$field
            }
        )*
    };
}

/// The checked rule set of one match. Serialized as `{"variant": …, "options": {…}}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(into = "options::RulesDoc", try_from = "options::RulesDoc")]
pub struct Rules {
    variant: Variant,
    set: u8,
    teams: Teams,
    presets: Vec<Preset>,
    target: u32,
    draw_out_before_fish: bool,
    lead_must_be_double: bool,
    eggs: bool,
    deal: Option<u8>,
    lead_00: bool,
    two_doubles: bool,
    opener_order: OpenerOrder,
    threshold_every_round: bool,
    forget_below_threshold: bool,
    loser_writes: bool,
    any_double_double_finish_wins: bool,
    hub_sides_first: bool,
    house_any_side: bool,
    multi_doubles: bool,
    finish_round: bool,
    start_threshold: u32,
    either_partner_leads: bool,
    write_off_all: bool,
}

impl Rules {
    /// The defaults of a variant, no options, no presets.
    pub fn new(variant: Variant) -> Rules {
        Rules {
            variant,
            set: STANDARD_MAX_PIP,
            teams: Teams::None,
            presets: Vec::new(),
            target: variant.default_target(),
            draw_out_before_fish: false,
            lead_must_be_double: false,
            eggs: false,
            deal: None,
            lead_00: false,
            two_doubles: matches!(variant, Variant::Morskoy),
            opener_order: OpenerOrder::Default,
            threshold_every_round: false,
            forget_below_threshold: false,
            loser_writes: false,
            any_double_double_finish_wins: false,
            hub_sides_first: false,
            house_any_side: false,
            multi_doubles: false,
            finish_round: false,
            start_threshold: 25,
            either_partner_leads: false,
            write_off_all: false,
        }
    }

    /// Starts a rule set for `variant` from its defaults; [`RulesBuilder::build`] checks it
    /// as [`Rules::from_options`] does.
    pub fn builder(variant: Variant) -> RulesBuilder {
        RulesBuilder::new(variant)
    }

    pub const fn variant(&self) -> Variant {
        self.variant
    }

    pub const fn teams(&self) -> Teams {
        self.teams
    }

    /// The presets chosen, in the order they were given.
    pub const fn presets(&self) -> &[Preset] {
        self.presets.as_slice()
    }

    /// The set, by its highest pip (6 is double-six).
    pub const fn set(&self) -> u8 {
        self.set
    }

    /// The score that ends the match.
    pub const fn target(&self) -> u32 {
        self.target
    }

    /// Tiles dealt to each hand when set (Classic); see [`Rules::deal_size`].
    pub const fn deal(&self) -> Option<u8> {
        self.deal
    }

    pub const fn opener_order(&self) -> &OpenerOrder {
        &self.opener_order
    }

    flags! {
        draw_out_before_fish,
        lead_must_be_double,
        eggs,
        lead_00,
        two_doubles,
        threshold_every_round,
        forget_below_threshold,
        loser_writes,
        any_double_double_finish_wins,
        hub_sides_first,
        house_any_side,
        multi_doubles,
        finish_round,
        either_partner_leads,
        write_off_all,
    }

    /// Morskoy: what a side at 0 must write at least (`start_threshold`, 25 by default; M9).
    pub const fn start_threshold(&self) -> u32 {
        self.start_threshold
    }

    pub fn has_preset(&self, preset: Preset) -> bool {
        self.presets.contains(&preset)
    }

    pub fn sport(&self) -> bool {
        self.has_preset(Preset::Sport)
    }

    pub fn lone_values(&self) -> LoneValues {
        if self.has_preset(Preset::Troshin) {
            LoneValues::Troshin
        } else if self.has_preset(Preset::Plain) {
            LoneValues::Plain
        } else {
            LoneValues::Standard
        }
    }

    /// The highest pip of the set in play.
    pub const fn max_pip(&self) -> u8 {
        self.set
    }

    /// Number of sides for `seats` players.
    pub fn sides(&self, seats: usize) -> usize {
        match self.teams {
            Teams::Pairs => 2,
            Teams::None => seats,
        }
    }

    /// The side a seat plays for: partners sit opposite.
    pub fn side_of(&self, seat: usize) -> usize {
        match self.teams {
            Teams::Pairs => seat % 2,
            Teams::None => seat,
        }
    }

    /// The most players this game seats: eight for traditional with a larger set, else four.
    pub const fn max_players(&self) -> usize {
        if self.set > STANDARD_MAX_PIP { MAX_SEATS } else { 4 }
    }

    /// R5 (RECORD L2, K9): whether this many players may sit at this variant.
    pub fn check_players(&self, seats: usize) -> Result<(), RulesError> {
        let ok = match self.teams {
            Teams::Pairs => self.variant.is_kozel_family() && seats == 4,
            Teams::None => (2..=self.max_players()).contains(&seats),
        };
        if ok {
            Ok(())
        } else {
            Err(RulesError::Players { variant: self.variant, teams: self.teams, seats })
        }
    }

    /// R6 (RULES §1 "Larger sets"): tiles dealt to each hand.
    pub fn deal_size(&self, seats: usize) -> usize {
        match (self.variant, self.deal) {
            (_, Some(n)) => n as usize,
            (Variant::Classic, None) => {
                let column = match seats {
                    0..=2 => 0,
                    3..=4 => 1,
                    5..=6 => 2,
                    _ => 3,
                };
                let row = match self.set {
                    9 => [9, 7, 5, 5],
                    12 => [12, 10, 8, 7],
                    15 => [15, 13, 11, 9],
                    18 => [18, 15, 13, 11],
                    _ => [7, 5, 5, 5],
                };
                row[column]
            }
            _ => 7,
        }
    }

    /// The threshold a side at 0 must reach to write (Kozel family).
    pub fn threshold(&self) -> u32 {
        match self.variant {
            Variant::Morskoy => self.start_threshold,
            _ => 13,
        }
    }

    /// Value of one hand (RULES §0 "Hand value", C7, M5, T5, K8).
    pub fn hand_value(&self, hand: crate::engine::tile::TileSet) -> u32 {
        if hand.len() > 2 || hand.is_empty() {
            // Every special value is of a lone tile or of exactly {0-0, 6-6}.
            return hand.pips();
        }
        let zero = Tile::double(0);
        let six = Tile::double(6);
        let lone = |t: Tile| hand.len() == 1 && hand.contains(t);
        let lv = self.lone_values();
        match (self.variant, lv) {
            (_, LoneValues::Plain) | (Variant::Telefon, _) => hand.pips(),
            (Variant::Classic, _) if lone(zero) => 10,
            (Variant::Classic, _) => hand.pips(),
            (Variant::Morskoy, _) => {
                if hand.len() == 2 && hand.contains(zero) && hand.contains(six) {
                    75
                } else if lone(zero) {
                    if lv == LoneValues::Troshin { 75 } else { 25 }
                } else if lone(six) {
                    50
                } else {
                    hand.pips()
                }
            }
            (Variant::Kozel | Variant::Osel, LoneValues::Troshin) if lone(zero) => 50,
            (Variant::Kozel | Variant::Osel, LoneValues::Troshin) if lone(six) => 25,
            (Variant::Kozel | Variant::Osel, _) if lone(zero) => 25,
            (Variant::Kozel | Variant::Osel, _) => hand.pips(),
        }
    }

    /// Most doubles one play may lay (C6), and whether the count must be exactly that.
    pub fn multi_play(&self) -> MultiPlay {
        match self.variant {
            Variant::Osel => MultiPlay::UpTo(4),
            Variant::Telefon if self.multi_doubles => MultiPlay::UpTo(4),
            Variant::Telefon => MultiPlay::Single,
            _ if self.two_doubles => MultiPlay::ExactlyTwo,
            _ => MultiPlay::Single,
        }
    }
}

/// How many doubles one play may lay (C6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MultiPlay {
    Single,
    ExactlyTwo,
    UpTo(u8),
}

#[cfg(test)]
mod tests;
