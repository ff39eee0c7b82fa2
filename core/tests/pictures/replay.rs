//! A round's replay (`replay_gif`): an animated GIF that decodes at the replay's size,
//! a frame after the deal and one a move, a few seconds long, each frame's pixels the board
//! as it then was (the frame after a lead differs from the deal's only where the tile lies).

use domino_core::engine::moves::MoveSpec;
use domino_core::engine::record::{Record, RecordMove};
use domino_core::engine::rules::Variant;
use domino_core::view::picture::{PART_CS, PictureError, Style, replay_gif, samples};

fn record(variant: Variant, seats: usize, seed: u64) -> Record {
    samples::match_record(variant, seats, seed)
}

/// The GIF's frames, each composed over the ones before (as a viewer shows them: a
/// see-through pixel leaves what was there), a move's parts together (a part shown for a
/// moment, `PART_CS`, is followed by the rest of its move): the board after the deal and after
/// each move, and how long each shows (centiseconds); and the number of frames read.
fn frames(gif: &[u8]) -> (u32, u32, Vec<(Vec<u8>, u16)>, u32) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut d = options.read_info(gif).expect("a GIF");
    let (w, h) = (u32::from(d.width()), u32::from(d.height()));
    let mut canvas = vec![0u8; (w * h * 4) as usize];
    let (mut out, mut read, mut parts) = (Vec::new(), 0, 0);
    while let Some(f) = d.read_next_frame().expect("a frame") {
        read += 1;
        for y in 0..u32::from(f.height) {
            for x in 0..u32::from(f.width) {
                let src = ((y * u32::from(f.width) + x) * 4) as usize;
                let (cx, cy) = (x + u32::from(f.left), y + u32::from(f.top));
                assert!(cx < w && cy < h, "a frame within the picture");
                let dst = ((cy * w + cx) * 4) as usize;
                if f.buffer[src + 3] != 0 {
                    canvas[dst..dst + 4].copy_from_slice(&f.buffer[src..src + 4]);
                }
            }
        }
        if f.delay == PART_CS {
            parts += f.delay;
        } else {
            out.push((canvas.clone(), parts + f.delay));
            parts = 0;
        }
    }
    (w, h, out, read)
}

#[test]
fn a_kozel_round_plays_a_frame_a_move_in_a_few_seconds() {
    let style = Style::default();
    for seed in [1, 2, 3] {
        let record = record(Variant::Kozel, 4, seed);
        let last = record.rounds.len() - 1;
        let a = replay_gif(&record, None, &style).expect("the last round");
        assert_eq!(a.round, last);
        assert_eq!((a.width, a.height), style.replay);
        let (w, h, frames, read) = frames(&a.gif);
        assert_eq!((w, h), style.replay);
        assert_eq!(read, a.frames);
        assert_eq!(frames.len() as u32, a.moves + 1, "the deal, then a frame a move");
        let moves = record.rounds[last].moves.len() as u32;
        assert_eq!(a.moves, moves, "every move of a legal record is made");
        let cs: u32 = frames.iter().map(|(_, d)| u32::from(*d)).sum();
        assert_eq!(cs * 10, a.millis);
        assert!((3_000..=12_000).contains(&a.millis), "a few seconds: {} ms", a.millis);
        // The lead changes the board: the frames after the deal and after it differ, and the
        // deal's frame is the bare felt (one colour).
        assert_ne!(frames[0].0, frames[1].0);
        let felt = &frames[0].0[..4];
        let bare = frames[0].0.chunks_exact(4).filter(|p| *p == felt).count();
        assert!(bare * 10 >= (w * h * 9) as usize, "the deal shows an empty table");
        // Every round of the match can be replayed; past its end, none.
        let first = replay_gif(&record, Some(0), &style).expect("the first round");
        assert_eq!(first.moves, record.rounds[0].moves.len() as u32);
        let past = record.rounds.len();
        assert_eq!(
            replay_gif(&record, Some(past), &style).unwrap_err(),
            PictureError::NoSuchRound(past as u32 + 1)
        );
    }
}

#[test]
fn a_round_with_a_bazaar_shows_each_draw() {
    let style = Style::default();
    // The first round of two players' traditional dominoes with a draw in it.
    let drew = |r: &domino_core::engine::record::RecordRound| {
        r.moves.iter().any(|m| matches!(m, RecordMove::Move { spec: MoveSpec::Draw, .. }))
    };
    let (record, index) = (1..50)
        .map(|seed| record(Variant::Classic, 2, seed))
        .find_map(|r| r.rounds.iter().position(drew).map(|i| (r, i)))
        .expect("a round with a draw");
    let round = &record.rounds[index];
    let a = replay_gif(&record, Some(index), &style).expect("the round");
    let (_, _, frames, _) = frames(&a.gif);
    assert_eq!(frames.len() as u32, a.moves + 1);
    assert_eq!(a.moves as usize, round.moves.len());
    // A draw takes a tile from the bazaar: its row and count change, so its frame does.
    let draws: Vec<usize> = (0..round.moves.len())
        .filter(|&k| matches!(round.moves[k], RecordMove::Move { spec: MoveSpec::Draw, .. }))
        .collect();
    for k in draws {
        assert_ne!(frames[k].0, frames[k + 1].0, "the draw of move {k}");
    }
}
