"""The U.F.O.s rules as ``cardkit rules ufos`` shows them (:data:`RULES`), and the
one-page summary the in-game help shows (:data:`HELP`)."""

from __future__ import annotations

from games.ufos.options import RESPY_LIMIT

RULES = f"""
**U.F.O.s** is a trick-taking game for 3 to 6 players with an auction for the
right to name trump and to decide whether tricks are good or bad.

**Cards.** 60 cards: Red, Yellow, Green and Tan (`R`, `Y`, `G`, `T`), each
numbered 1-9, 11, 13, 14 and 15, plus four Blue 10s and four Blue 12s (`B10`,
`B12`). Every card is dealt, so each player holds 60 divided by the number of
players. Every player also has a set of bid cards: five Suit Cards (red,
yellow, green, tan and x, meaning no trump) and two Game Cards (high, low).
On the table a bid card shows its owner's seat after `@`: `high@2` is seat 2's
high Game Card.

**Choosing.** After the deal everyone secretly lays down one Suit Card and one
Game Card (`choose red high`, `choose x low`). When all have chosen, the Game
Cards are turned up together; the Suit Cards stay face down.

**Auction.** Starting with the dealer and going left, each player in turn:

- `pass`: out of the auction for this hand; a pass cannot be taken back;
- `bid N`: at least 1, more than the standing bid, no more than your points
  (with 0 points you cannot bid);
- `spy S`: give seat S one of your points and look at its Suit Card; only you
  see it. You need a point to spy, you may spy on a player who passed, but
  not after passing yourself. The high bidder may not spy if it would leave
  fewer points than the bid. You may not spy on the same player twice in a
  hand (option `respy` allows it, up to {RESPY_LIMIT} spies per player per hand);
- `wait`: only the standing high bidder, who may not raise their own bid.

The auction ends when everyone but the high bidder has passed. The winner pays
the bid to the bank and turns up the Suit Card: its suit is trump (x: no
trump) and their Game Card decides the game. If everyone passes without a bid,
the dealer wins for nothing with the dealer's own bid cards.

**Tricks.** The bid winner leads. Follow the led suit if you can, otherwise
play anything. A Blue 10 or 12 may always be played: it becomes a card of the
led suit (and counts as following it); whoever leads a Blue names its suit,
trump included (`play B12 as Y`); the table shows a Blue by the suit it
joined (`B10 as T`: a Blue 10 played as a tan 10). Blue 10 ranks between 9
and 11, Blue 12 between 11 and 13, and of two equal Blues the first played is
higher. The highest trump takes the trick, otherwise the highest card of the
led suit; the winner leads next.

**Scoring.** *High*: every player scores one point per trick; the bid winner
scores two per trick. *Low*: whoever took the fewest tricks (all tied players)
scores the number of tricks of the player with the most; whoever took the most
(all tied players) loses that many points; the bid winner scores double either
way. Points come from and go to an unlimited bank; nobody drops below 0.

**Match.** Everyone starts with 20 points (`starting_points`; the German
edition uses 15). A match is 2 hands per player (`hands_per_player`), the deal
passing left. The highest total wins; equal totals share the win.
"""

HELP = """\
Choose a Suit Card and a Game Card in secret; the Game Cards are turned up.
Auction from the dealer: the winner pays the bid, turns up the Suit Card
(trump; x: no trump) and their Game Card decides: High, tricks are good;
Low, the fewest tricks score and the most lose. Follow suit if you can;
the highest trump, else the highest card of the led suit, wins the trick.

| You type or see  | It means                                               |
|------------------|--------------------------------------------------------|
| `choose red high`| lay down a Suit Card (red yellow green tan x) and a    |
|                  | Game Card (high low)                                   |
| `bid 3`          | raise the bid to 3 points (at most your points)        |
| `spy 2`          | pay seat 2 one point to see its Suit Card (you alone)  |
| `pass`           | leave this hand's auction for good                     |
| `wait`           | the high bidder lets the turn go by                    |
| `play R7`        | play a card: `R` red, `Y` yellow, `G` green, `T` tan,  |
|                  | numbered 1-9, 11, 13-15; Blues `B10` `B12` (no suit)   |
| `play B10 as T`  | lead a Blue 10 (or `B12`) as tan: it joins that suit   |
| `B10 as T`       | on the table: a Blue played as a card of tan           |
| `high@2`         | a bid card, seat 2's high Game Card                    |
"""
