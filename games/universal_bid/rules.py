"""The rules of the bid-exact game as ``cardkit rules universal-bid`` shows them
(:data:`RULES`), and the one-page summary the in-game help shows (:data:`HELP`)."""

RULES = """\
# Universal Deck bid-exact

A trick-taking game for **2 to 6 players** with the 54-card Universal Card Deck
(no Galaxy cards). Say how many tricks you will take, then take exactly that many.

## Cards

Six suits rank from high to low: **E > J > M > N > S > V**. Within a suit the
ranks go **Sun > Moon > 7 > 6 > 5 > 4 > 3 > 2 > 1** (Sun high, 1 low). Cards are
written `SUIT:RANK`, for example `J:Moon`, `E:7`, `V:1` (any case; `jmoon` works
too).

## Dealer and deal

Before the first hand every player draws a card (seat 0 the first card of the
shuffled deck, seat 1 the next, ...). Everyone sees the draws. The highest suit
deals; if two players drew the same suit, the higher rank deals. After each hand
the deal passes to the left. The dealer's shuffle and the cut by the player on the
dealer's right are one random step in the game record.

The match follows a schedule of hand sizes, by default 9, 7, 5, 3, 1, 2, 4, 6, 8,
10 cards each. Six players cannot be dealt ten cards each from 54, so with six
players the default schedule skips its 10-card hand (nine hands). Cards not
dealt stay face down, out of play: nobody sees them, so remember that not every
card is in play when you bid.

## Bidding

Starting left of the dealer and ending with the dealer, each player bids once
how many tricks they will take: any number from 0 to the hand size. Nobody may
pass and a bid cannot be changed. **The dealer may not bid the number that
makes the bids total the number of tricks**, so at least one player will miss.

## Play

The player left of the dealer leads the first trick; the winner of each trick
leads the next. You must follow the led suit if you can; otherwise play any
card. **The highest suit played wins the trick, and within that suit the
highest rank** - the led suit has no special power. So a 1 of N beats the Sun
of S, and if you cannot follow suit you may duck with a lower suit or take the
trick with a higher one.

## Scoring

- Exact bid: the tricks taken plus 10 (a bid of 0 made scores 10).
- Missed bid (over or under): just the tricks taken.

Scores add up over the match. The highest total after the last hand wins;
players tied for it share the win.

## Typing actions

- `bid 2` - bid two tricks.
- `play J:Moon` - play a card (also `play jmoon`).

## Option

- `schedule` - the hand sizes, in order, as comma-separated numbers (for
  example `schedule=12` for a single 12-card hand, or `schedule=5,5,5`). With
  the default schedule a hand too big for the table is skipped; any other
  schedule must fit: at most 54 / players cards per hand (27 for 2 players,
  18 for 3, 13 for 4, 10 for 5, 9 for 6), or the match is refused with an
  error naming the largest hand allowed.
"""

HELP = """\
Bid how many tricks you will take, then take exactly that many.

Order:  suits  E > J > M > N > S > V   (E highest)
        ranks  Sun > Moon > 7 > 6 > 5 > 4 > 3 > 2 > 1   (in every suit)

Bidding: from the left of the dealer, everyone bids once, 0 up to the hand
size; the dealer bids last and may not make the bids total the tricks.

A trick: follow the led suit if you can, else play any card.
The highest suit played wins, then the highest rank in it; the led suit has
no power of its own (N:1 beats S:Sun). The winner leads the next trick.

Scoring: the tricks you took, plus 10 when you took exactly your bid.

| You type     | It means                                         |
|--------------|--------------------------------------------------|
| `bid 2`      | bid two tricks                                   |
| `play J:Moon`| play the Moon of J (also `J:Moon`, `jmoon`)      |
| `E:7`, `V:1` | a card: suit letter, then Sun, Moon or 7 ... 1   |
"""
