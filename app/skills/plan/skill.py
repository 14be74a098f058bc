"""The Plan skill: [TODAY'S PLAN] in every prompt and the three tools that close an objective, only with a plan.

Both are empty while there is nothing to act on, so an unused plan costs no prompt space and no tokens. The
streamer's edits (the dock) and hers (the tools) are the same pure edits from app.core.plan, applied by the
PlanStore in ctx.plan_store; without one the skill is silent and the dock says why. The plan she reads and the
section that names it are in her prompts' language ([PIANO DI OGGI] in Italian); the tools' descriptions and
answers stay English, as every tool's do, the descriptions naming the header she is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core import plan as plans
from app.core.her_words import HerWords
from app.core.plan import Plan, PlanError, actionable, render
from app.core.tools import Tool
from app.memory.plan_store import PlanStore
from app.skills.base import Skill
from app.skills.registry import register

NO_STORE = "The plan is not available: this build has no plan store."


def section(her: HerWords) -> str:
    """The section of her system prompt in her words, naming the header render() writes in them."""
    return her.say("skills.plan.section", plan=plans.words(her).header)


def objective_id(her: HerWords) -> dict:
    """The tools' id parameter; its description (English, as every tool's) names the header she is shown."""
    return {"type": "integer",
            "description": f"The objective's number, shown after # in {plans.words(her).header}."}


@register
class PlanSkill(Skill):
    key = "plan"
    title = "Plan"
    description = "She follows today's plan from the Plan dock and ticks objectives off as they are done."
    dock = "app.skills.plan.dock:make_dock"

    @property
    def store(self) -> PlanStore | None:
        return self.ctx.plan_store

    @property
    def plan(self) -> Plan | None:
        return self.store.current if self.store is not None else None

    # ---- what she reads -----------------------------------------------------------------------------------
    def live_state(self) -> str:
        return render(self.plan, self.ctx.words())

    def context_section(self) -> str:
        return section(self.ctx.words()) if actionable(self.plan) else ""

    def tools(self) -> list[Tool]:
        if not actionable(self.plan):
            return []
        number = objective_id(self.ctx.words())
        return [
            Tool("objective_start", "Say you are taking up an objective of today's plan now (one at a time).",
                 {"type": "object", "properties": {"id": number}, "required": ["id"]}, handler=self.objective_start),
            Tool("objective_done", "Mark an objective of today's plan as done, with its outcome in your words.",
                 {"type": "object", "properties": {"id": number, "outcome": {
                     "type": "string", "maxLength": plans.MAX_OUTCOME,
                     "description": "What happened, in your own words, in a sentence."}},
                  "required": ["id", "outcome"]}, handler=self.objective_done),
            Tool("objective_drop", "Drop an objective of today's plan that cannot or should not be done.",
                 {"type": "object", "properties": {"id": number, "reason": {
                     "type": "string", "maxLength": plans.MAX_OUTCOME, "description": "Why, in a sentence."}},
                  "required": ["id", "reason"]}, handler=self.objective_drop),
        ]

    # ---- her tools: each answers with an observation, a refusal as "ERROR: ..." ---------------------------
    async def objective_start(self, id: Any) -> str:
        before = self.plan
        return await self._her_edit(plans.start, id, (), lambda p, oid: started(before, p, oid))

    async def objective_done(self, id: Any, outcome: str) -> str:
        return await self._her_edit(plans.complete, id, (outcome,), lambda p, oid: closed("Done", p, oid))

    async def objective_drop(self, id: Any, reason: str) -> str:
        return await self._her_edit(plans.drop, id, (reason,), lambda p, oid: closed("Dropped", p, oid))

    async def _her_edit(self, op: Callable[..., Plan], raw_id: Any, args: tuple,
                        describe: Callable[[Plan, int], str]) -> str:
        if self.store is None:
            return f"ERROR: {NO_STORE}"
        try:
            oid = plans.parse_id(raw_id)
            after = await self.store.aapply(lambda p: op(p, oid, *args))
        except PlanError as exc:
            return f"ERROR: {exc}"
        return describe(after, oid)

    # ---- the streamer's edits (the dock): "" when done, else the sentence that says why not -------------
    def change(self, op: Callable[..., Plan | None], *args: Any) -> str:
        if self.store is None:
            return NO_STORE
        try:
            self.store.apply(lambda p: op(p, *args))
        except PlanError as exc:
            return str(exc)[:1].upper() + str(exc)[1:] + "."
        return ""

    def on_change(self, fn: Callable[[Plan | None], None]) -> None:
        if self.store is not None:
            self.store.on_change(fn)


def started(before: Plan | None, after: Plan, oid: int) -> str:
    was = plans.doing(before)
    line = f"#{oid} is now in progress: {after.find(oid).text}."
    if was is not None and was.id == oid:
        return f"#{oid} was already in progress: {was.text}."
    if was is not None:
        line += f" #{was.id} ({was.text}) is back to todo."
    return line


def closed(verb: str, after: Plan, oid: int) -> str:
    line = f"{verb} #{oid}: {after.find(oid).text}."
    current, open_ = plans.doing(after), plans.open_objectives(after)
    if current is not None:
        return f"{line} Still in progress: #{current.id} {current.text}."
    if open_:
        return f"{line} Next on the plan: #{open_[0].id} {open_[0].text}."
    return f"{line} Nothing on the plan is open now."
