"""U.F.O.s' fixed shapes for learning: its action space (and observation).

Actions, in order: the ten sealed picks (``choose red high`` ... ``choose x
low``), ``pass``, ``wait``, ``bid 1`` to ``bid B``, ``spy 0`` to ``spy n-1``,
``play CARD`` for each face (by id), then a led Blue declared as each suit
(``play B10 as R`` ...). ``B`` (:func:`max_points`) is the most points a seat
can ever hold with these options, so every bid a match allows is in the space.
Observations: :func:`observer`.
"""

from __future__ import annotations

from array import array

from cardkit import Action
from cardkit.spaces import Layout, ObservationSpace, Spaces, zeros
from games.ufos.actions import CHOOSES, LEADS, PASS, PLAYS, SPIES, WAIT, bids
from games.ufos.cards import DECK, GAMES, SUITS, TRUMP_CHOICES
from games.ufos.options import UfosOptions
from games.ufos.view import UfosView


def max_points(players: int, options: UfosOptions) -> int:
    """A bound on any seat's points: all the points in play.

    Points start at ``starting_points`` each; spies only move them and a bid
    is paid away; a hand's scoring adds at most ``(players + 1) * tricks``
    (Low: every seat tied for fewest tricks gains the most-tricks count, the
    bid winner twice), and the 0-point floor never adds more than the losses.
    """
    tricks = len(DECK) // players
    hands = options.hands_per_player * players
    return players * options.starting_points + hands * (players + 1) * tricks


def all_actions(players: int, options: UfosOptions) -> tuple[Action, ...]:
    """Picks, pass, wait, every bid up to :func:`max_points`, spies, plays, declared leads."""
    return (
        *CHOOSES,
        PASS,
        WAIT,
        *bids(1, max_points(players, options)),
        *SPIES[:players],
        *PLAYS,
        *LEADS.values(),
    )


VIEW_PHASES = ("deal", "choose", "auction", "play", "over")
_PHASE_INDEX = {name: i for i, name in enumerate(VIEW_PHASES)}
_CHOICE_INDEX = {letter: i for i, letter in enumerate(TRUMP_CHOICES)}
_GAME_INDEX = {name: i for i, name in enumerate(GAMES)}
_SUIT_INDEX = {letter: i for i, letter in enumerate(SUITS)}


def observer(players: int, options: UfosOptions) -> ObservationSpace:
    """The observation of a seat's view (layout in docs/rl.md): card planes by face id
    (Blue copies counted), seats counted from the viewer (0 is the viewer, 1 the next
    seat, ...). Suit Cards in the order R Y G T X, Game Cards high, low."""
    n = players
    faces = len(DECK.faces)
    choices = len(TRUMP_CHOICES)
    lay = Layout()
    hand = lay.add("hand", faces, "own cards: copies of each face")
    trick = lay.add("trick", n * faces, "the trick in progress: a card plane per seat")
    led = lay.add("led_suit", len(SUITS), "the suit of the trick in progress (R Y G T)")
    leader = lay.add("leader", n, "the seat that led the trick in progress")
    last = lay.add("last_trick", n * faces, "the trick just completed, a plane per seat")
    last_winner = lay.add("last_winner", n, "who took the trick just completed")
    my_suit = lay.add("my_suit", choices, "own Suit Card (R Y G T X)")
    my_game = lay.add("my_game", len(GAMES), "own Game Card (high, low)")
    picked = lay.add("picked", n, "1 once the seat has laid its bid cards down")
    games = lay.add("games", n * len(GAMES), "revealed Game Cards, by seat")
    spied = lay.add("spied", n * choices, "Suit Cards seen by spying, by seat")
    points = lay.add("points", n, "points")
    passed = lay.add("passed", n, "1 for a seat that passed")
    high_bidder = lay.add("high_bidder", n, "the standing high bidder")
    bid_winner = lay.add("bid_winner", n, "the winner of the auction")
    trump = lay.add("trump", choices, "trump once the auction is over (X: none)")
    game = lay.add("game", len(GAMES), "the game once the auction is over (high, low)")
    tricks = lay.add("tricks", n, "tricks taken this hand")
    last_tricks = lay.add("last_tricks", n, "tricks taken in the previous hand")
    last_scores = lay.add("last_scores", n, "points scored in the previous hand")
    dealer = lay.add("dealer", n, "the dealer")
    to_act = lay.add("to_act", n, "the seat to act")
    phase = lay.add("phase", len(VIEW_PHASES), "deal, choose, auction, play, over")
    numbers = lay.add("numbers", 4, "high bid, winning bid, hand number, hands in the match")
    size = lay.size

    def encode(view: UfosView) -> array[float]:
        out = zeros(size)
        me = view.seat
        for card in view.hand:
            out[hand + card.id] += 1.0
        for seat, card, _ in view.trick:
            out[trick + ((seat - me) % n) * faces + card.id] += 1.0
        if view.trick and view.trick[0][2] in _SUIT_INDEX:
            out[led + _SUIT_INDEX[view.trick[0][2]]] = 1.0
        if view.leader is not None:
            out[leader + (view.leader - me) % n] = 1.0
        for seat, card, _ in view.last_trick:
            out[last + ((seat - me) % n) * faces + card.id] += 1.0
        if view.last_winner is not None:
            out[last_winner + (view.last_winner - me) % n] = 1.0
        if view.my_suit is not None:
            out[my_suit + _CHOICE_INDEX[view.my_suit]] = 1.0
        if view.my_game is not None:
            out[my_game + _GAME_INDEX[view.my_game]] = 1.0
        for seat, letter in view.spied:
            out[spied + ((seat - me) % n) * choices + _CHOICE_INDEX[letter]] = 1.0
        for seat in range(n):
            rel = (seat - me) % n
            out[picked + rel] = 1.0 if view.picked[seat] else 0.0
            shown = view.games[seat]
            if shown is not None:
                out[games + rel * len(GAMES) + _GAME_INDEX[shown]] = 1.0
            out[points + rel] = float(view.points[seat])
            out[passed + rel] = 1.0 if view.passed[seat] else 0.0
            out[tricks + rel] = float(view.tricks[seat])
            out[last_tricks + rel] = float(view.last_tricks[seat])
            out[last_scores + rel] = float(view.last_scores[seat])
        if view.high_bidder is not None:
            out[high_bidder + (view.high_bidder - me) % n] = 1.0
        if view.bid_winner is not None:
            out[bid_winner + (view.bid_winner - me) % n] = 1.0
        if view.trump is not None:
            out[trump + _CHOICE_INDEX[view.trump]] = 1.0
        if view.game is not None:
            out[game + _GAME_INDEX[view.game]] = 1.0
        out[dealer + (view.dealer - me) % n] = 1.0
        if view.to_act and view.to_act[0] >= 0:
            out[to_act + (view.to_act[0] - me) % n] = 1.0
        out[phase + _PHASE_INDEX[view.phase]] = 1.0
        out[numbers] = float(view.high_bid)
        out[numbers + 1] = float(view.winning_bid)
        out[numbers + 2] = float(view.hand_number)
        out[numbers + 3] = float(view.hands_total)
        return out

    return lay.space(encode)


SPACES = Spaces(actions=all_actions, observer=observer)
"""The game's action space and observer (``Game.spaces``)."""
