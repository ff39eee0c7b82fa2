//! Unit tests of the parent module.

use super::*;

mod basics {
    use super::*;
    use crate::engine::round::Opening;
    use rand::SeedableRng;

    #[test]
    fn a_round_starts_only_on_a_checked_deal() {
        let rules = Rules::new(Variant::Kozel);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let deal = Deal::random(&rules, 2, &mut rng);
        let round = Round::start(&rules, &deal, Opening::Forced).unwrap();
        assert_eq!((round.seats(), round.hand(0).len()), (2, 7));
        let mut twice = deal.clone();
        twice.bazaar.push(deal.hands[0][0]);
        assert_eq!(
            Round::start(&rules, &twice, Opening::Forced).unwrap_err(),
            DealError::Duplicate(deal.hands[0][0])
        );
        let nine = Deal { hands: vec![Vec::new(); 9], bazaar: Vec::new() };
        assert_eq!(Round::start(&rules, &nine, Opening::Any).unwrap_err(), DealError::Seats(9));
    }
}

mod restart_tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn a_round_dealt_in_place_equals_a_new_one() {
        // Every set and seat count: the second round of a match, dealt into the first's place,
        // is the round a fresh match deals from the same tiles.
        for (variant, set, seats) in
            [(Variant::Kozel, 6, 3), (Variant::Classic, 9, 8), (Variant::Classic, 18, 2)]
        {
            let rules = Rules::builder(variant).option("set", serde_json::json!(set)).build();
            let rules = rules.unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
            let mut game = Match::new(rules.clone(), seats).unwrap();
            game.start_random_round(&mut rng);
            let mut scratch = Vec::new();
            while let Some(seat) = game.round().and_then(|r| r.to_move()) {
                if game.apply_random(seat as usize, &mut rng, &mut scratch).is_none() {
                    break;
                }
            }
            let deal = Deal::random(&rules, seats, &mut rng);
            game.start_round(&deal).unwrap();
            let opening = game.opening();
            let fresh = Round::start(&rules, &deal, opening).unwrap();
            assert_eq!(game.round().unwrap(), &fresh, "{variant} double-{set}, {seats} seats");
        }
    }
}
