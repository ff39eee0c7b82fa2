//! The picture's size and palette: one palette for every picture in both chats.

/// An sRGB colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Color(pub u8, pub u8, pub u8);

impl Color {
    /// `#rrggbb`.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// The colours of every picture.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Palette {
    /// The table's felt.
    pub felt: Color,
    /// A tile's face.
    pub face: Color,
    /// A tile's outline, its middle line and its pips.
    pub ink: Color,
    /// The back of a tile (the bazaar).
    pub back: Color,
    /// The outline of the tiles of the last move.
    pub last: Color,
    /// The outline of the hub (Osel) or house (Telefon).
    pub hub: Color,
    /// The bar that marks a closed arm (Osel).
    pub closed: Color,
    /// Digits, axes and marks drawn on the felt.
    pub chalk: Color,
    /// One colour per side: 🔵 and 🔴 for pairs, then green, orange, purple, yellow, brown and
    /// white (the marks of [`super::SIDE_MARKS`]).
    pub sides: [Color; 8],
}

impl Default for Palette {
    fn default() -> Palette {
        Palette {
            felt: Color(0x1f, 0x5e, 0x3b),
            face: Color(0xf7, 0xf3, 0xe8),
            ink: Color(0x1b, 0x1b, 0x1b),
            back: Color(0x6b, 0x3a, 0x1e),
            last: Color(0xff, 0xc4, 0x1f),
            hub: Color(0x4f, 0xb3, 0xff),
            closed: Color(0xe5, 0x39, 0x35),
            chalk: Color(0xf2, 0xf2, 0xf2),
            sides: [
                Color(0x42, 0x8c, 0xff),
                Color(0xff, 0x4d, 0x4d),
                Color(0x5c, 0xd6, 0x5c),
                Color(0xff, 0xa0, 0x33),
                Color(0xb0, 0x6c, 0xf0),
                Color(0xff, 0xdd, 0x33),
                Color(0xa8, 0x6b, 0x3c),
                Color(0xf2, 0xf2, 0xf2),
            ],
        }
    }
}

/// How big the pictures are, in pixels, and their colours. Every picture of one kind has the
/// same size whatever is on the table, so a message edited in place does not change shape.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Style {
    /// The table picture (board and bazaar).
    pub table: (u32, u32),
    /// A round's replay (the table picture's board, a frame a move): smaller than the table
    /// picture, as chats show an animation at most about that wide, and a replay's cost (to
    /// draw, to keep, to send) goes with its pixels.
    pub replay: (u32, u32),
    /// The round's end (board and every hand).
    pub round_end: (u32, u32),
    /// The match tally chart.
    pub tally: (u32, u32),
    /// Ratings over time.
    pub rating: (u32, u32),
    /// A person's hand (up to ten tiles a row).
    pub hand: (u32, u32),
    pub palette: Palette,
}

impl Default for Style {
    /// 1024 px wide: under Telegram's 1280 px photo limit, and its tiles stay readable on a
    /// phone.
    fn default() -> Style {
        Style {
            table: (1024, 640),
            replay: (768, 480),
            round_end: (1024, 768),
            tally: (1024, 512),
            rating: (1024, 512),
            hand: (720, 360),
            palette: Palette::default(),
        }
    }
}
