//! Button data: every value round-trips within 64 bytes; no string panics the decoder, and the
//! decoder accepts only what the encoder writes.

use domino_core::engine::board::Arm;
use domino_core::engine::moves::{Move, Placement, Placements};
use domino_core::engine::rules::Variant;
use domino_core::engine::tile::Tile;
use domino_core::session::{BotLevel, Lang, Rotation};
use domino_core::view::{ButtonAction, ButtonData};
use proptest::prelude::*;

fn tile() -> impl Strategy<Value = Tile> {
    (0..=6u8, 0..=6u8).prop_map(|(a, b)| Tile::new(a, b))
}

fn a_move() -> impl Strategy<Value = Move> {
    let placement = (tile(), 0..4usize, any::<bool>()).prop_map(|(tile, arm, close)| Placement {
        tile,
        arm: Arm::from_index(arm),
        close,
    });
    prop_oneof![
        (tile(), any::<bool>(), any::<bool>()).prop_map(|(tile, high, na_sto)| {
            let left = if high { tile.high() } else { tile.low() };
            Move::Lead { tile, left, na_sto }
        }),
        prop::collection::vec(placement, 1..=4)
            .prop_map(|l| Move::Play(Placements::from_slice(&l))),
        Just(Move::Draw),
        Just(Move::Pass),
    ]
}

fn action() -> impl Strategy<Value = ButtonAction> {
    use ButtonAction as A;
    prop_oneof![
        prop::sample::select(vec![
            A::Join,
            A::Leave,
            A::AddBot,
            A::Start,
            A::Hand,
            A::Resign,
            A::ResignYes,
            A::ResignNo,
            A::Pause,
            A::Resume,
            A::VoteEnd,
            A::End,
            A::Rematch,
            A::Back,
            A::Accept,
            A::Decline,
            A::Shuffle,
            A::Queue,
            A::Rotation(None),
            A::Rotation(Some(Rotation::Queue)),
            A::Rotation(Some(Rotation::Knockout)),
        ]),
        any::<u8>().prop_map(A::Side),
        (any::<u8>(), any::<u8>()).prop_map(|(a, b)| A::Swap(a, b)),
        any::<u8>().prop_map(A::RemoveBot),
        a_move().prop_map(A::Move),
        prop::sample::select(vec![Lang::Ru, Lang::En]).prop_map(A::Lang),
        any::<Option<u32>>().prop_map(A::Timer),
        prop::sample::select(BotLevel::ALL.to_vec()).prop_map(A::Level),
        prop::sample::select(Variant::ALL.to_vec()).prop_map(A::Variant),
        any::<u8>().prop_map(A::Size),
    ]
}

fn data() -> impl Strategy<Value = ButtonData> {
    (any::<i64>(), any::<u64>(), action()).prop_map(|(t, v, a)| ButtonData::new(t, v, a))
}

/// Whatever decodes is exactly what encoding writes.
fn check_decoding(s: &str) {
    if let Ok(d) = ButtonData::decode(s) {
        assert_eq!(d.encode(), s, "{s:?} decoded to {d:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2000,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x5EED),
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_button_round_trips_within_64_ascii_bytes(d in data()) {
        let s = d.encode();
        prop_assert!(s.len() <= 64 && s.is_ascii(), "{s:?}");
        prop_assert_eq!(ButtonData::decode(&s), Ok(d));
    }

    #[test]
    fn arbitrary_strings_never_panic(s in any::<String>()) {
        check_decoding(&s);
    }

    #[test]
    fn near_misses_are_refused_or_canonical(
        s in "1:-?[0-9a-z]{0,14}:[0-9a-z]{0,14}:(join|bot|unbot\\.[0-9]{1,4}|m\\.[LPDX][0-9lrudc!]{0,18}|timer\\.[0-9of]{0,11}|size\\.[0-9]{1,4}|lang\\.[a-z]{2}|level\\.[a-z]{0,7}|side\\.[0-9]{0,4}|swap\\.[0-9]{0,4}\\.?[0-9.]{0,5}|shuffle\\.?)",
    ) {
        check_decoding(&s);
    }

    #[test]
    fn mutated_buttons_are_refused_or_canonical(d in data(), at in any::<usize>(), byte in any::<u8>(), op in 0..3u8) {
        let mut bytes = d.encode().into_bytes();
        let i = at % (bytes.len() + 1);
        match op {
            0 => bytes.insert(i, byte),
            1 if i < bytes.len() => { bytes.remove(i); }
            _ if i < bytes.len() => bytes[i] = byte,
            _ => bytes.push(byte),
        }
        if let Ok(s) = String::from_utf8(bytes) {
            check_decoding(&s);
        }
    }
}
