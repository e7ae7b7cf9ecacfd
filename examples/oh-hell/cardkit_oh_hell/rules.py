"""The rules in words, as ``cardkit rules oh-hell`` shows them."""

RULES = """\
**Oh Hell** for 3 to 7 players, with 52 cards (or fewer, by options).

1. **Deal.** The first dealer is drawn at random; then the deal passes left.
   Each player gets the hand's number of cards (drawn at random from 1 to the
   most the deck allows, or fixed by `num_tricks_fixed`), one at a time from
   the dealer's left. The next card is turned face up: its suit is trump.
2. **Bid.** From the dealer's left, each player bids how many tricks they will
   take, from 0 to the number of tricks. The dealer bids last and may not bid
   so that the bids add up to the number of tricks (the *hook*): someone must
   miss.
3. **Play.** The player left of the dealer leads. Follow suit if you can;
   otherwise play any card. The highest trump wins the trick, else the highest
   card of the suit led. The winner leads the next trick.
4. **Score.** Each trick taken scores `points_per_trick`; an exact bid scores
   10 more. With `off_bid_penalty`, a missed bid instead loses
   `points_per_trick` for each trick over or under.
5. **Match.** `hands` hands; the highest total wins.

Cards read suit then rank: `HQ` is the queen of hearts, `CT` the ten of clubs.
Actions: `bid 2`, `play HQ`.
"""
