//! The 13 tools: drawing them (the Rigger draws two and keeps one) and using them.

use crate::actions::{Action, Event, HeldCard};
use crate::cards::{CharacterKind, Tool};
use crate::ids::Pos;
use crate::state::{Decision, State};

/// A character finds a tool: the top of the deck, or with the Rigger in play the better of
/// the top two.
pub fn draw_tool(state: &mut State, who: usize, events: &mut Vec<Event>) {
    let rigger = state.chars.iter().any(|c| c.kind == CharacterKind::Rigger);
    if rigger && state.tools.len() >= 2 {
        let a = state.tools.pop().expect("checked");
        let b = state.tools.pop().expect("checked");
        state.decision = Some(Decision::KeepTool {
            who,
            tools: vec![a, b],
        });
        return;
    }
    if let Some(tool) = state.tools.pop() {
        state.chars[who].tools.push(tool);
        events.push(Event::ToolDrawn {
            character: who,
            tool,
        });
    }
}

/// The Rigger's choice: keep one of the two tools drawn, discard the other.
pub fn keep_tool(state: &mut State, tool: Tool, events: &mut Vec<Event>) {
    if let Some(Decision::KeepTool { who, tools }) = state.decision.take() {
        state.chars[who].tools.push(tool);
        events.push(Event::ToolDrawn {
            character: who,
            tool,
        });
        if let Some(other) = tools.iter().copied().find(|t| *t != tool).or_else(|| {
            // Two copies cannot happen, but keep the deck whole if it did.
            (tools.len() == 2 && tools[0] == tools[1]).then_some(tool)
        }) {
            state.tool_discard.push(other);
            events.push(Event::ToolDiscarded { tool: other });
        }
    }
}

/// A drilled safe's tool stays in its room for someone to pick up.
pub fn leave_tool(state: &mut State, safe: Pos, events: &mut Vec<Event>) {
    let _ = events;
    if let Some(tool) = state.tools.pop() {
        state.loose.push((safe, HeldCard::Tool(tool)));
    }
}

/// Appends the legal tool uses of the active character.
pub fn legal(state: &State, out: &mut Vec<Action>) {
    let _ = (state, out);
}

/// Uses a tool (already checked).
pub fn apply(state: &mut State, action: &Action, events: &mut Vec<Event>) {
    let _ = (state, action, events);
}
