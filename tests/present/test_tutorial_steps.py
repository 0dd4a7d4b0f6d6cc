"""The tutorial's steps, headless: what moves each on, whose actions count, and how its line
names keys."""

from __future__ import annotations

import rules
import saves
from rajas_tui.present import logbook, text, tutorial
from rajas_tui.present.chooser import Chooser
from rajas_tui.present.tutorial import DONE, IDS, Lesson, after_action, after_look, after_stage

# The default keys of tui/bindings.py that these tests name (the present layer is below it).
DEFAULT_KEYS = {
    "move.up": "up",
    "move.down": "down",
    "move.left": "left",
    "move.right": "right",
    "area.harbor": "h",
    "choose.back": "escape",
}


def key(binding: str) -> str:
    return DEFAULT_KEYS.get(binding, binding.split(".")[-1])


def _start() -> rules.GameState:
    setup = saves.seated(tutorial.SEATS, tutorial.SEED, tutorial.UNDO)
    return saves.start_game(setup).state


def _first(state: rules.GameState, wanted: type, flipped: bool) -> rules.Action:
    return next(
        a
        for a in rules.legal_actions(state)
        if isinstance(a, wanted) and any(p.flipped for p in _paid(a)) == flipped
    )


def _paid(action: rules.Action) -> tuple[rules.PaidDie, ...]:
    pay = getattr(action, "pay", None)
    return pay if isinstance(pay, tuple) else (pay,) if pay is not None else ()


def test_the_seed_gives_the_learner_the_first_turn_and_a_die_for_the_harbor() -> None:
    state = _start()
    assert state.turn == tutorial.LEARNER
    assert state.players[tutorial.LEARNER].karma == 1
    _first(state, rules.Harbor, flipped=False)


def test_a_look_step_moves_on_only_for_its_pane() -> None:
    lesson = Lesson()
    assert after_look(lesson, "river") == lesson
    assert after_look(lesson, "tracks") == Lesson(IDS[1])


def test_the_stages_step_moves_on_at_the_preview() -> None:
    state = _start()
    chooser = Chooser(state)
    lesson = Lesson("stages")
    chooser.press("harbor")
    assert after_stage(lesson, chooser) == lesson
    while chooser.top.kind == "list":
        chooser.press("confirm")
    assert chooser.top.kind == "confirm"
    assert after_stage(lesson, chooser) == Lesson("dice")


def test_only_the_learners_actions_move_it_on() -> None:
    state = _start()
    harbor = _first(state, rules.Harbor, flipped=False)
    after = rules.apply(state, harbor)
    assert after_action(Lesson("dice"), state, harbor, after, seat=1) == Lesson("dice")
    assert after_action(Lesson("dice"), state, harbor, after, seat=0) == Lesson("karma")


def test_an_action_that_does_what_the_next_steps_ask_does_each() -> None:
    state = _start()
    flipped = _first(state, rules.Harbor, flipped=True)
    after = rules.apply(state, flipped)
    assert after_action(Lesson("dice"), state, flipped, after, 0) == Lesson("quarry")
    plain = _first(state, rules.Harbor, flipped=False)
    after = rules.apply(state, plain)
    assert after_action(Lesson("karma"), state, plain, after, 0) == Lesson("karma")


def test_the_last_step_done_shows_the_closing_words_until_the_next_action() -> None:
    state = _start()
    finished = tutorial.skipped(Lesson(IDS[-1]))
    assert finished == Lesson(DONE, news=True)
    assert tutorial.instruction(finished, key, can_skip=True)[1].startswith("Tutorial done")
    action = rules.legal_actions(state)[0]
    read = after_action(finished, state, action, rules.apply(state, action), 0)
    assert read == Lesson(DONE) and tutorial.instruction(read, key, True) == ("", "")


def test_a_step_read_back_from_a_file() -> None:
    assert tutorial.resumed("market") == Lesson("market")
    assert tutorial.resumed(DONE).done
    assert tutorial.resumed("") == Lesson(IDS[0])  # a broken note starts again
    assert tutorial.resumed("a-step-from-a-newer-rajas") == Lesson(IDS[0])


def test_keys_are_named_from_the_function_given() -> None:
    head, body = tutorial.instruction(Lesson("stages"), key, can_skip=True)
    assert head == "3/10 An action, in four stages:"
    assert "Press h for the harbor" in body and body.endswith("Esc skips.")
    assert "skips" not in tutorial.instruction(Lesson("stages"), key, can_skip=False)[1]
    moved = {"move.up": "k", "move.down": "j", "move.left": "h", "move.right": "l"}
    _, body = tutorial.instruction(Lesson("place"), lambda b: moved.get(b, key(b)), False)
    assert body.startswith("k/j/h/l move the tile")
    _, body = tutorial.instruction(Lesson("place"), key, False)
    assert body.startswith("arrows move the tile")


def test_keys_are_spoken_as_a_sentence_names_them() -> None:
    assert [tutorial.spoken(k) for k in ("escape", "ctrl+s", "q", "Q", "f1", "?")] == [
        "Esc",
        "Ctrl+S",
        "q",
        "Q",
        "F1",
        "?",
    ]


def _said(step: str) -> str:
    return tutorial.instruction(Lesson(step), key, can_skip=False)[1]


def test_the_steps_tell_the_rules_as_docs_rules_has_them() -> None:
    # §13: the largest margin among the met wins, not the first to meet; the players after
    # the trigger this round each get one last turn, the round is not played out.
    goal, end = _said("goal"), _said("end")
    assert "first to" not in goal and "furthest past each other wins" in goal
    assert "played out" not in end and "get a last turn" in end and "furthest past wins" in end
    # §6, §7: the boat gains where it stops; a single-good market scores as many markets as
    # the die shows, each once.
    assert "the space it stops on" in _said("river")
    assert "as many of one good as its die shows" in _said("market")


def test_the_log_speaks_of_the_learner_as_of_any_player() -> None:
    # The log's verbs are the third person's ("builds", "passes"): the learner's name must read
    # with them, as the New game dialog's names do.
    game = saves.start_game(saves.seated(tutorial.SEATS, tutorial.SEED, tutorial.UNDO))
    quarry = next(a for a in rules.legal_actions(game.state) if isinstance(a, rules.Quarry))
    game = saves.play(game, quarry)
    game = saves.play(game, rules.legal_actions(game.state)[0])
    built = next(line.words for line in logbook.told(game) if "builds on" in line.words)
    assert built.startswith(f"{text.player_tag(tutorial.LEARNER)} Asha builds on ")
    assert tutorial.SEATS == (("Asha", saves.HUMAN), ("Bela", "easy"))
