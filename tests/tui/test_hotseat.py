"""Hot-seat play: two human seats at one keyboard. Before the next human seat is shown, the
screen asks for the keyboard to be handed over, and it shows each seat only what that seat may
see (another seat's face-down tile stays hidden)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.widgets import OptionList

import rules
import saves as save_layer
from rajas_tui.present.chooser import Chooser
from rajas_tui.tui.app import RajasApp
from rajas_tui.tui.screens.game import GameScreen
from rajas_tui.tui.screens.handover import HandOverScreen
from rajas_tui.tui.screens.load import LoadScreen
from rajas_tui.tui.screens.newgame import NewGameScreen
from rajas_tui.tui.screens.puzzle import PuzzleScreen, PuzzlesScreen
from tests.helpers import apps
from tests.helpers.key_plan import plan

NAMES = ("Asha", "Bela")


def _hot_seat(undo: str = "free") -> save_layer.Game:
    """Two humans, both on Navaratnas boards: each has a brown tile face down on a field."""
    seats = [(name, save_layer.HUMAN) for name in NAMES]
    return save_layer.start_game(save_layer.seated(seats, 4, undo, ["navaratnas"], [0, 1]))


def _terrace_keys(app: RajasApp) -> list[str]:
    state = app.shown.state
    legal = rules.legal_actions(state)
    terrace = next(a for a in legal if isinstance(a, rules.actions.Terrace))
    return apps.keys_for(plan(Chooser(state, legal), terrace))


def _game_screen(app: RajasApp) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


def _hidden(app: RajasApp, seat: int) -> bool:
    """Whether the game screen's picture hides `seat`'s face-down tile."""
    seen = _game_screen(app).picture().seen()
    return rules.UNSEEN in seen.players[seat].fields


def test_the_game_starts_with_face_down_tiles() -> None:
    players = _hot_seat().state.players
    assert all(player.face_down for player in players)


@pytest.mark.asyncio
async def test_the_keyboard_is_handed_over_before_the_next_human_is_shown(saves: Path) -> None:
    app = apps.app(_hot_seat(), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        first = app.shown.state.turn
        other = 1 - first
        assert isinstance(app.screen, HandOverScreen), "the first seat is asked for too"
        assert _hidden(app, first) and _hidden(app, other)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert not _hidden(app, first) and _hidden(app, other)
        await pilot.press(*_terrace_keys(app))
        await pilot.pause()
        assert app.shown.state.turn == other
        assert isinstance(app.screen, HandOverScreen)
        name = NAMES[other]
        tag = "AB"[other]
        assert app.screen.words.startswith(f"Pass the keyboard to {tag}")
        assert app.screen.words.endswith(f"{name} — press Enter when {name} is ready.")
        # Beneath the hand-over, nothing of the next seat's hidden view and no chooser.
        assert _game_screen(app).chooser is None
        assert _hidden(app, other)
        await pilot.press("x")  # no game key reaches the game while the keyboard is passed
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen) and app.shown.state.turn == other
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.holder == other and app.screen.chooser is not None
        assert _hidden(app, first) and not _hidden(app, other)


@pytest.mark.asyncio
async def test_the_player_who_moved_may_undo_at_the_hand_over(saves: Path) -> None:
    app = apps.app(_hot_seat(), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("enter")  # the first seat takes the keyboard
        await pilot.pause()
        start = app.shown.state
        await pilot.press(*_terrace_keys(app))
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("u")
        await app.settled()  # the undone game is saved before it is shown
        await pilot.pause()
        assert app.shown.state == start
        assert isinstance(app.screen, GameScreen) and app.screen.holder == start.turn


@pytest.mark.slow
@pytest.mark.asyncio
async def test_a_game_against_bots_never_asks_for_the_keyboard(saves: Path) -> None:
    seats = [("Asha", save_layer.HUMAN), ("Bela", "random"), ("Chand", "random")]
    app = apps.app(apps.new_game(seats, 11), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        for _ in range(3):
            for _ in range(50):
                await pilot.pause()
                assert not isinstance(app.screen, HandOverScreen)
                screen = app.screen
                if isinstance(screen, GameScreen) and screen.chooser is not None:
                    break
            await pilot.press(*_terrace_keys(app))


@pytest.mark.asyncio
async def test_a_loaded_hot_seat_game_asks_for_the_seat_to_act(tmp_path: Path, saves: Path) -> None:
    """Whoever loads the game may not be the seat to act: nothing of that seat's hidden view
    shows before the hand-over; with one human there is nobody to hand over to."""
    path = tmp_path / "hot.toml"
    save_layer.save(_hot_seat(), path)
    app = apps.app(saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        app.open_save(path)
        await app.settled()
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        turn = app.shown.state.turn
        assert NAMES[turn] in app.screen.words
        assert _hidden(app, turn)


@pytest.mark.asyncio
async def test_one_human_is_not_asked_for_the_keyboard(saves: Path) -> None:
    game = apps.new_game([("Asha", save_layer.HUMAN), ("Bela", "random")], 4)
    app = apps.app(game, saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, HandOverScreen)


@pytest.mark.asyncio
async def test_a_key_typed_as_the_turn_passes_to_a_human_is_told_the_hand_over(
    saves: Path,
) -> None:
    """A key that reaches the game screen after the action it followed was saved, with the
    next human's hand-over under way, says so; it is no bot's turn."""
    app = apps.app(_hot_seat(), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*_terrace_keys(app))
        await apps.until(pilot, lambda: isinstance(app.screen, HandOverScreen), "the hand-over")
        await _game_screen(app).action_command("confirm")
        await pilot.pause()
        notes = apps.notices(app)
        name = NAMES[app.shown.state.turn]
        assert notes[-1] == f"{name} plays next: the keyboard goes to {name} first.", notes


@pytest.mark.asyncio
@pytest.mark.parametrize("hidden", [False, True], ids=["nothing-hidden", "tiles-face-down"])
async def test_a_game_loaded_over_another_asks_only_what_it_asks_itself(
    tmp_path: Path, saves: Path, hidden: bool
) -> None:
    """The game on show holds the keyboard for one seat; the game loaded over it has another
    human to act. The old screen must not ask for the keyboard for the new game's seat: with
    nothing hidden the loaded game shows at once, with tiles face down it asks once, and the
    seat that says it is ready is the one shown."""
    humans = [("Chand", save_layer.HUMAN), ("Devi", save_layer.HUMAN)]
    loaded = _hot_seat() if hidden else apps.new_game(humans, 4)
    path = tmp_path / "loaded.toml"
    save_layer.save(loaded, path)
    app = apps.app(_hot_seat(), saves=saves)
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.press("enter")  # the first seat takes the keyboard
        await pilot.pause()
        turn = loaded.state.turn
        _game_screen(app).holder = 1 - turn  # held by the seat not to act in the loaded game
        app.open_save(path)
        await app.settled()
        await pilot.pause()
        covers = [s for s in app.screen_stack if isinstance(s, HandOverScreen)]
        games = [s for s in app.screen_stack if isinstance(s, GameScreen)]
        assert len(games) == 1
        if hidden:
            assert len(covers) == 1 and app.screen is covers[0]
            assert loaded.setup.seats[turn].name in covers[0].words
            await pilot.press("enter")
            await pilot.pause()
        assert not any(isinstance(s, HandOverScreen) for s in app.screen_stack)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.holder == turn and app.screen.chooser is not None


async def _from_palette(pilot: Pilot[None], app: RajasApp, command: str) -> None:
    """Runs a command of the palette (Ctrl+P) as a player would: its name typed, then Enter."""
    await pilot.press("ctrl+p")
    await apps.until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
    await pilot.press(*command)
    await apps.until(pilot, lambda: _offered(app, command), f"{command} offered")
    await pilot.press("enter")


def _offered(app: RajasApp, command: str) -> bool:
    options = app.screen.query_one(CommandList)
    first = options.get_option_at_index(0) if options.option_count else None
    return first is not None and str(first.prompt).startswith(command.capitalize())


async def _open_puzzle(pilot: Pilot[None], app: RajasApp) -> None:
    await _from_palette(pilot, app, "puzzles")
    await apps.until(pilot, lambda: isinstance(app.screen, PuzzlesScreen), "the list")
    await apps.until(pilot, lambda: bool(app.screen.shown), "the puzzles listed")  # type: ignore[attr-defined]
    await pilot.press("enter")


async def _load_other(pilot: Pilot[None], app: RajasApp) -> None:
    await _from_palette(pilot, app, "load game")
    await apps.until(pilot, lambda: isinstance(app.screen, LoadScreen), "the Load dialog")
    await apps.until(pilot, lambda: len(app.screen.paths) == 2, "the saves listed")  # type: ignore[attr-defined]
    paths: list[Path] = app.screen.paths  # type: ignore[attr-defined]
    app.screen.query_one(OptionList).highlighted = [p.name for p in paths].index("other.toml")
    await pilot.press("enter")


async def _new_game(pilot: Pilot[None], app: RajasApp) -> None:
    await _from_palette(pilot, app, "new game")
    await apps.until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the New game dialog")
    await pilot.click("#start")  # A human, B a bot: the defaults


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("route", "size", "opened"),
    [
        (_open_puzzle, apps.SMALL, PuzzleScreen),
        (_open_puzzle, apps.LARGE, PuzzleScreen),
        (_load_other, apps.SMALL, GameScreen),
        (_new_game, apps.SMALL, GameScreen),
    ],
    ids=["puzzle-80x24", "puzzle-160x50", "load", "new-game"],
)
async def test_a_game_opened_from_a_hot_seat_games_palette_asks_nothing_for_it(
    tmp_path: Path,
    saves: Path,
    route: Callable[[Pilot[None], RajasApp], Awaitable[None]],
    size: tuple[int, int],
    opened: type[GameScreen],
) -> None:
    """Four humans share the keyboard, nothing hidden, D to act; a puzzle, a save or a new game
    opened from the palette has A to act. The game left must not take that game for its own:
    the puzzle list closing put its screen on top again as it left, and it asked for the
    keyboard for the puzzle's seat (at 80×24) or drew the puzzle's three seats in its panes
    for four and failed (at 160×50). Only the opened game's screens are shown."""
    played = apps.midgame()
    other = apps.new_game([("Chand", save_layer.HUMAN), ("Devi", save_layer.HUMAN)], 4)
    assert played.state.turn == 3 and other.state.turn == 0
    path = saves / "played.toml"
    save_layer.save(played, path)
    save_layer.save(other, saves / "other.toml")
    app = apps.app(played, saves=saves, path=path, marks_file=tmp_path / "puzzles.toml")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.holder == 3
        await route(pilot, app)
        await apps.until(pilot, lambda: app.shown.state.turn == 0, "the game opened")
        await app.settled()
        for _ in range(5):  # time for what the screen left would do
            await pilot.pause()
        games = [s for s in app.screen_stack if isinstance(s, GameScreen)]
        assert [type(s) for s in games] == [opened]
        assert not any(isinstance(s, HandOverScreen) for s in app.screen_stack)
        assert games[0].holder == 0


@pytest.mark.asyncio
async def test_a_puzzle_opened_from_the_game_over_screens_palette_is_not_taken_for_its_game(
    tmp_path: Path, saves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game-over screen, as the game screen: the puzzle list closing posts it a resume as it
    is being replaced by the puzzle's screens; it must not act on it, and say of the puzzle's
    game (never saved) that "this game is not saved"."""
    from rajas_tui.tui.screens.gameover import GameOverScreen

    acted_replaced: list[bool] = []
    show = GameOverScreen._show_saving

    def noted(screen: GameOverScreen) -> None:
        acted_replaced.append(screen not in screen.app.screen_stack)
        show(screen)

    monkeypatch.setattr(GameOverScreen, "_show_saving", noted)
    path = saves / "over.toml"
    save_layer.save(apps.finished(), path)
    app = apps.app(save_layer.load(path), saves=saves, path=path, marks_file=tmp_path / "p.toml")
    async with app.run_test(size=apps.SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await _open_puzzle(pilot, app)
        await apps.until(pilot, lambda: app.attempt is not None, "the puzzle opened")
        await app.settled()
        for _ in range(5):  # time for what the screen left would do
            await pilot.pause()
        assert not any(isinstance(s, GameOverScreen) for s in app.screen_stack)
    assert acted_replaced and not any(acted_replaced), acted_replaced
