"""The rules text shown by ``cardkit rules uno-star-trek`` (:data:`RULES`), and the
one-page summary the in-game help shows (:data:`HELP`)."""

CARDS_TABLE = """\
| You type or see | It means                                                 |
|-----------------|----------------------------------------------------------|
| `r7` `y0` `b9`  | a number card: r red, y yellow, g green, b blue          |
| `rskip` `grev`  | Skip (next player loses the turn), Reverse (play turns)  |
| `rd2`           | Draw 2: the next player draws 2 and loses the turn       |
| `wild` `wd4`    | Wild; Wild Draw 4: next draws 4 (may challenge a bluff)  |
| `llap`          | Live Long and Prosper: your hand goes under, draw anew   |
| `meld`          | Mind Meld: the next player shows you their hand          |
| `tribble`       | Double Tribble: the next player doubles their hand       |
| `beam`          | Beam Me Up, Scotty: a Wild; out of turn stops a command  |
"""
"""Every card abbreviation, in words."""

ACTIONS_TABLE = """\
| `play wd4 red`  | play a card; a wild card names the colour in force       |
| `draw`, `keep`  | draw one card; keep the drawn card instead of playing it |
| `uno`           | call UNO before playing your second-to-last card         |
| `catch 2`       | catch seat 2, who did not call UNO: they draw 5          |
| `decline`       | let a catch window pass (or, if you forgot, not call)    |
| `accept`        | take a command card played on you                        |
| `challenge`     | call a Wild Draw 4 a bluff: see the player's hand        |
| `beam red`      | stop a command with Beam Me Up, Scotty, naming red       |
| `colour green`  | name the colour in force                                 |
"""
"""Every action text, in words (rows that continue :data:`CARDS_TABLE`)."""

RULES = (
    """\
# UNO: Star Trek

Be the first to get rid of every card in your hand. The player who goes out
scores the cards left in the other hands; the first to reach the target score
(500) wins the match.

## The deck: 112 cards and how to type them

| Cards | Copies | Type as |
|---|---|---|
| Numbers 0-9 in each colour | one 0 and two of 1-9 per colour | `r0`, `y7`, `g9`, `b3` |
| Skip, Reverse, Draw 2 in each colour | two of each per colour | `rskip`, `yrev`, `gd2` |
| Wild | 4 | `wild` |
| Wild Draw 4 | 4 | `wd4` |
| Live Long and Prosper | 1 | `llap` |
| Mind Meld | 1 | `meld` |
| Beam Me Up, Scotty | 1 | `beam` |
| Double Tribble | 1 | `tribble` |

Colours are typed `red`, `yellow`, `green`, `blue` (or `r`, `y`, `g`, `b`).

## Dealing

Before the first hand everyone draws a card; the highest number deals (action
and wild cards count as 0; tied players draw again). The deal then passes
left each hand. Everyone gets 7 cards, one card is turned up to start the
discard pile and the rest form the draw pile. The player left of the dealer
starts, play going left.

The card turned up first:

- Wild Draw 4, Mind Meld, Live Long and Prosper, Beam Me Up Scotty: it goes
  back into the draw pile, which is shuffled, and a new card is turned up.
- Draw 2: the first player draws 2 and is skipped.
- Skip: the first player is skipped.
- Reverse: the dealer plays first and play goes right.
- Wild: the first player names the colour, then plays.
- Double Tribble: the first player doubles their hand and is skipped; the next
  player names the colour, then plays.
- A number: the first player simply plays on it.

A card turned up at the start is not played by anyone, so it cannot be
stopped with Beam Me Up Scotty.

## Your turn

Play one card that matches the top discard: same colour as the colour in
force, or the same number or symbol. Wild, Wild Draw 4 and the four specials
may be played on anything.

Instead of playing you may always draw one card (even holding a playable
card). If the drawn card can be played you may play it at once (only that
card) or `keep` it; if it cannot, you `keep` it and your turn passes.

- Skip: the next player loses their turn.
- Reverse: play changes direction.
- Draw 2: the next player draws 2 and loses their turn.
- Wild: name any colour.
- Wild Draw 4: name any colour; the next player draws 4 and loses their turn.
  You may always play it, but it is fair only if you hold no card of the
  colour in force; otherwise the target can catch your bluff (below).
- Live Long and Prosper: your remaining hand goes under the top discard and
  you draw as many new cards as you held; then you name a colour.
- Mind Meld: the next player shows you (alone) their hand; the colour in
  force stays, nobody is skipped. Your view keeps showing the cards you saw
  for as long as you can be sure they are still in that hand.
- Double Tribble: name a colour; the next player draws as many cards as they
  hold (doubling their hand) and loses their turn.
- Beam Me Up, Scotty: on your turn it is a Wild. Out of turn it stops a
  command card played against you (Skip, Draw 2, Wild Draw 4, Double Tribble,
  Mind Meld, and Reverse in a two-player game): the card has no effect on you,
  you name the colour and play passes to the player after you.

Whenever a command card is played against you, you are asked what to do
before anything happens to you: `accept` takes it, `beam COLOUR` stops it
(if you hold Beam Me Up Scotty) and, against a Wild Draw 4, `challenge`
calls the bluff. You are asked every time, whether or not you hold the Beam
card, so the question gives nothing away.

## Challenging a Wild Draw 4

Only the player told to draw 4 may challenge, and only before drawing. The
player of the Wild Draw 4 shows their hand to the challenger. If they held a
card of the colour that was in force, they draw the 4 cards themselves and the
challenger plays normally; otherwise the challenger draws 6 and loses their
turn.

## "Space, the final UNO frontier!"

When you are about to play your second-to-last card, call `uno` first. If
you play it without calling, a catch window opens: you may still call `uno`
yourself (and are safe), then each opponent in turn may `catch SEAT` (you
draw 5 cards, the `uno_penalty`) or `decline`. The window closes as soon as
someone calls or catches, or everyone has declined, and in any case when the
next player begins their turn: at the first card drawn from the draw pile (a
forced draw included) or played by anyone else. Accepting a Skip or a Mind
Meld draws and plays nothing, so the window stays open.

## The draw pile

When the draw pile runs out, the discard pile except its top card is
shuffled into a new draw pile; the colours once named on the reshuffled wild
cards are forgotten. If no card is left to draw anywhere, the draw is
skipped.

## Two players

Reverse works like Skip. After a Skip or a Reverse (or any card that makes
your opponent lose their turn) you play again.

## Scoring

The player who goes out scores the cards left in the other hands: numbers at
face value; Skip, Reverse and Draw 2 20 points; Wild, Wild Draw 4 and the four
specials 50 points. If the last card played is a Draw 2, Wild Draw 4 or Double
Tribble, the next player draws first and those cards count too (there is no
challenge or Beam against a card that ends the hand). The first player to
reach the target score (`target_score`, 500) wins.

With `scoring=lowest` every player instead adds the points of the cards they
are caught with, and when someone reaches the target the lowest total wins.

A hand that goes on for `max_turns` turns ends with no winner and stops the
match; the result says so.

## Card and action texts

Every text you type or see (a card alone, `r7`, plays it):

"""
    + CARDS_TABLE
    + ACTIONS_TABLE
)

HELP = (
    """\
Play a card matching the top card's colour or number/symbol, or a wild; or
draw one. First to empty their hand scores the cards left in the others.

"""
    + CARDS_TABLE
    + ACTIONS_TABLE
)
