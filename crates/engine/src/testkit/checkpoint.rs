//! The checks on a state before an action: views and leaks, state serde, every legal action,
//! actions outside the legal lists, actions out of turn, and determinization.

use serde_json::Value;

use super::json::{diff, is_typed_object, short};
use super::playout::{Playout, legal_of};
use super::probe::{find_rng, viewer_name};
use super::{Check, KitFailure, Probe};
use crate::{ActError, Seat, Session, ToAct, Viewer};

impl<G: Probe> Playout<'_, G> {
    /// Every check on the state before the step's action.
    pub(super) fn checkpoint(
        &mut self,
        session: &mut Session<G>,
        to_act: &[Seat],
        legal: &[Vec<G::Action>],
    ) -> Result<(), KitFailure> {
        self.report.checked_steps += 1;
        self.views(session.state())?;
        self.state_serde(session.state())?;
        for (&seat, actions) in to_act.iter().zip(legal) {
            self.seat = Some(seat);
            self.legal_list(session.state(), seat, actions)?;
        }
        self.illegal_probes(session.state(), to_act, legal)?;
        self.out_of_turn(session, to_act, legal)?;
        self.determinizations(session.state(), to_act, legal)?;
        self.seat = None;
        self.action = None;
        Ok(())
    }

    /// The checks that still make sense once the game is over.
    pub(super) fn checkpoint_over(&mut self, state: &G::State) -> Result<(), KitFailure> {
        self.views(state)?;
        self.state_serde(state)
    }

    fn viewers(&self) -> Vec<Viewer> {
        self.seats
            .seats()
            .map(Viewer::Seat)
            .chain([Viewer::Spectator])
            .collect()
    }

    /// Every viewer's view passes the leak checks and can be drawn as text.
    fn views(&mut self, state: &G::State) -> Result<(), KitFailure> {
        self.phase = "making and checking views";
        for viewer in self.viewers() {
            let view = G::view(state, viewer);
            let json = self.to_json(&view, "a view", Check::Json)?;
            self.leak(state, viewer, &json, "the view")?;
            // Drawn in both languages: the kit's random positions reach every line of it.
            let _ = G::render_text(&view, "en");
            let _ = G::render_text(&view, "fr");
        }
        Ok(())
    }

    /// No generator state in `json`, and the game's own leak check passes.
    fn leak(
        &mut self,
        state: &G::State,
        viewer: Viewer,
        json: &Value,
        what: &str,
    ) -> Result<(), KitFailure> {
        self.report.leak_checks += 1;
        let name = viewer_name(viewer);
        if let Some(path) = find_rng(json) {
            return Err(self.fail(
                Check::Leak,
                format!("{what} for {name} holds the random generator's state at {path}"),
            ));
        }
        G::leak(state, viewer, json)
            .map_err(|e| self.fail(Check::Leak, format!("{what} for {name} leaks: {e}")))
    }

    /// The state survives serialize, deserialize, serialize unchanged.
    fn state_serde(&mut self, state: &G::State) -> Result<(), KitFailure> {
        self.phase = "serializing the state";
        let bytes = self.bytes(state)?;
        let back: G::State = serde_json::from_slice(&bytes).map_err(|e| {
            self.fail(
                Check::StateSerde,
                format!("the state's JSON does not deserialize: {e}"),
            )
        })?;
        if self.bytes(&back)? != bytes {
            return Err(self.fail(
                Check::StateSerde,
                format!(
                    "the state changes through JSON {}",
                    Self::state_diff(state, &back)
                ),
            ));
        }
        Ok(())
    }

    /// One seat's legal list: no duplicates, `{"type": ...}` JSON that parses back, and every
    /// action applies (on a copy) with well-formed events that do not leak.
    fn legal_list(
        &mut self,
        state: &G::State,
        seat: Seat,
        actions: &[G::Action],
    ) -> Result<(), KitFailure> {
        self.phase = "applying every legal action on a copy";
        for (i, action) in actions.iter().enumerate() {
            let json = self.to_json(action, "an action", Check::Json)?;
            self.action = Some(json.clone());
            if actions[..i].contains(action) {
                return Err(self.fail(Check::DuplicateLegal, "listed twice".into()));
            }
            if !is_typed_object(&json) {
                return Err(self.fail(
                    Check::Json,
                    format!(
                        "the action's JSON {} is not a {{\"type\": ...}} object",
                        short(&json)
                    ),
                ));
            }
            match serde_json::from_value::<G::Action>(json.clone()) {
                Ok(back) if &back == action => {}
                Ok(back) => {
                    return Err(self.fail(
                        Check::Json,
                        format!("the action's JSON parses back as another action: {back:?}"),
                    ));
                }
                Err(e) => {
                    return Err(self.fail(
                        Check::Json,
                        format!("the action's JSON does not parse back: {e}"),
                    ));
                }
            }
            self.pool.add(action, &json, &mut self.probe);
            let mut copy = state.clone();
            let mut events = Vec::new();
            G::apply(&mut copy, seat, action, &mut events).map_err(|e| {
                self.fail(
                    Check::LegalRefused,
                    format!("apply refused a listed action: {e}"),
                )
            })?;
            self.events(&copy, &events)?;
        }
        Ok(())
    }

    /// Events are `{"type": ...}` objects, describable in both languages, and their redacted
    /// forms pass the leak checks against the state after the action.
    fn events(&mut self, after: &G::State, events: &[G::Event]) -> Result<(), KitFailure> {
        for event in events {
            let json = self.to_json(event, "an event", Check::Json)?;
            if !is_typed_object(&json) {
                return Err(self.fail(
                    Check::Json,
                    format!(
                        "the event {} is not a {{\"type\": ...}} object",
                        short(&json)
                    ),
                ));
            }
            let _ = (
                G::describe_event(event, "en"),
                G::describe_event(event, "fr"),
            );
            for viewer in self.viewers() {
                if let Some(seen) = G::redact(after, event, viewer) {
                    let json = self.to_json(&seen, "a redacted event", Check::Json)?;
                    self.leak(after, viewer, &json, &format!("the event {}", short(&json)))?;
                }
            }
        }
        Ok(())
    }

    /// Actions outside a seat's legal list (seen legal earlier, or a legal action with one
    /// field changed) are refused, leaving the state and the events untouched.
    fn illegal_probes(
        &mut self,
        state: &G::State,
        to_act: &[Seat],
        legal: &[Vec<G::Action>],
    ) -> Result<(), KitFailure> {
        self.phase = "trying actions outside the legal lists";
        let wanted = self.config.illegal_probes;
        let mut tried = 0;
        let mut attempts = 0;
        while tried < wanted && attempts < wanted * 8 {
            attempts += 1;
            let i = self.probe.index(to_act.len());
            let candidate = if attempts % 2 == 0 {
                self.pool.any(&mut self.probe)
            } else {
                let j = self.probe.index(legal[i].len());
                let json = self.to_json(&legal[i][j], "an action", Check::Json)?;
                self.pool.mutate(&json, &mut self.probe)
            };
            let Some(candidate) = candidate else { continue };
            if legal[i].contains(&candidate) {
                continue;
            }
            tried += 1;
            self.seat = Some(to_act[i]);
            self.action = Some(self.to_json(&candidate, "an action", Check::Json)?);
            if self.refused(state, to_act[i], &candidate)?.is_none() {
                return Err(self.fail(
                    Check::IllegalAccepted,
                    format!(
                        "apply accepted an action missing from seat {}'s legal list",
                        to_act[i]
                    ),
                ));
            }
        }
        self.report.illegal_probes += tried;
        Ok(())
    }

    /// Applies `action` on a copy. `Ok(Some(reason))` if refused cleanly, `Ok(None)` if accepted,
    /// and a failure if refused after changing the state or pushing events.
    fn refused(
        &self,
        state: &G::State,
        seat: Seat,
        action: &G::Action,
    ) -> Result<Option<String>, KitFailure> {
        let mut copy = state.clone();
        let mut events = Vec::new();
        match G::apply(&mut copy, seat, action, &mut events) {
            Ok(()) => Ok(None),
            Err(e) => {
                if self.bytes(&copy)? != self.bytes(state)? {
                    return Err(self.fail(
                        Check::MutatedOnError,
                        format!(
                            "apply refused the action ({e}) after changing the state {}",
                            Self::state_diff(state, &copy)
                        ),
                    ));
                }
                if !events.is_empty() {
                    return Err(self.fail(
                        Check::MutatedOnError,
                        format!("apply refused the action ({e}) after pushing events {events:?}"),
                    ));
                }
                Ok(Some(e.to_string()))
            }
        }
    }

    /// A seat that may not act tries an action legal for a seat that may: the session says
    /// `NotYourTurn` and changes nothing, and the game itself accepts it only if it lists it.
    fn out_of_turn(
        &mut self,
        session: &mut Session<G>,
        to_act: &[Seat],
        legal: &[Vec<G::Action>],
    ) -> Result<(), KitFailure> {
        self.phase = "trying an action out of turn";
        let waiting: Vec<Seat> = self.seats.seats().filter(|s| !to_act.contains(s)).collect();
        let Some(&seat) = self.probe.pick(&waiting) else {
            return Ok(());
        };
        let i = self.probe.index(legal.len());
        let action = legal[i][self.probe.index(legal[i].len())].clone();
        self.seat = Some(seat);
        self.action = Some(self.to_json(&action, "an action", Check::Json)?);
        let before = self.bytes(session.state())?;
        let log_len = session.log().len();
        match session.apply(seat, &action) {
            Err(ActError::NotYourTurn(s)) if s == seat => {}
            other => {
                return Err(self.fail(
                    Check::OutOfTurn,
                    format!("the session answered {other:?} instead of NotYourTurn"),
                ));
            }
        }
        if self.bytes(session.state())? != before || session.log().len() != log_len {
            return Err(self.fail(
                Check::OutOfTurn,
                "a refused action changed the session".into(),
            ));
        }
        if self.refused(session.state(), seat, &action)?.is_none()
            && !legal_of::<G>(session.state(), seat).contains(&action)
        {
            return Err(self.fail(
                Check::IllegalAccepted,
                format!("apply accepted an action from seat {seat}, which may not act now"),
            ));
        }
        Ok(())
    }

    /// For every seat: the determinized state shows the seat the same view, agrees on who acts
    /// and on the seat's legal actions, and can be played on.
    fn determinizations(
        &mut self,
        state: &G::State,
        to_act: &[Seat],
        legal: &[Vec<G::Action>],
    ) -> Result<(), KitFailure> {
        for seat in self.seats.seats() {
            self.seat = Some(seat);
            self.action = None;
            self.report.determinizations += 1;
            self.phase = "determinizing";
            let mut rng = self.probe.fork();
            let det = G::determinize(state, seat, &mut rng);
            let viewer = Viewer::Seat(seat);
            let (real, seen) = (G::view(state, viewer), G::view(&det, viewer));
            if real != seen {
                let real = self.to_json(&real, "a view", Check::Json)?;
                let seen = self.to_json(&seen, "a view", Check::Json)?;
                return Err(self.fail(
                    Check::DeterminizeView,
                    format!(
                        "seat {seat}'s view of its determinized state differs {}",
                        diff(&real, &seen)
                    ),
                ));
            }
            let (real, seen) = (G::to_act(state), G::to_act(&det));
            if real != seen {
                return Err(self.fail(
                    Check::DeterminizeLegal,
                    format!("to_act is {real:?}, but {seen:?} in seat {seat}'s determinized state"),
                ));
            }
            if let Some(i) = to_act.iter().position(|s| *s == seat) {
                self.same_legal(&legal[i], &legal_of::<G>(&det, seat))?;
            }
            self.play_determinized(seat, det)?;
        }
        Ok(())
    }

    /// The seat's legal actions are the same (in any order) in the determinized state.
    fn same_legal(&self, real: &[G::Action], seen: &[G::Action]) -> Result<(), KitFailure> {
        if real == seen {
            return Ok(());
        }
        let sorted = |actions: &[G::Action]| -> Vec<String> {
            let mut v: Vec<String> = actions
                .iter()
                .map(|a| serde_json::to_string(a).unwrap_or_else(|_| format!("{a:?}")))
                .collect();
            v.sort();
            v
        };
        let (real, seen) = (sorted(real), sorted(seen));
        if real == seen {
            return Ok(());
        }
        let only_real = real.iter().find(|a| !seen.contains(a));
        let only_seen = seen.iter().find(|a| !real.contains(a));
        Err(self.fail(
            Check::DeterminizeLegal,
            format!(
                "the seat's legal actions differ in its determinized state: \
                 legal only in the real state {only_real:?}, only in the determinized one {only_seen:?}"
            ),
        ))
    }

    /// A few random actions from `seat`'s determinized state: every seat to act has a legal
    /// action, and every chosen action applies. A failure's action is the last one played there.
    fn play_determinized(&mut self, seat: Seat, mut det: G::State) -> Result<(), KitFailure> {
        let depth = self.config.determinize_depth;
        for played in 0..=depth {
            let seats = match G::to_act(&det) {
                ToAct::Over { .. } => return Ok(()),
                ToAct::Seats { seats } if seats.is_empty() => {
                    return Err(self.fail(
                        Check::DeterminizePlayout,
                        format!(
                            "to_act lists no seat after {played} random action(s) from seat \
                             {seat}'s determinized state"
                        ),
                    ));
                }
                ToAct::Seats { seats } => seats,
            };
            let mut lists = Vec::with_capacity(seats.len());
            for &s in &seats {
                let list = legal_of::<G>(&det, s);
                if list.is_empty() {
                    return Err(self.fail(
                        Check::DeterminizePlayout,
                        format!(
                            "seat {s} has no legal action after {played} random action(s) from \
                             seat {seat}'s determinized state"
                        ),
                    ));
                }
                lists.push(list);
            }
            if played == depth {
                break;
            }
            let i = self.probe.index(seats.len());
            let action = &lists[i][self.probe.index(lists[i].len())];
            self.seat = Some(seats[i]);
            self.action = Some(self.to_json(action, "an action", Check::Json)?);
            self.phase = "playing from a determinized state";
            G::apply(&mut det, seats[i], action, &mut Vec::new()).map_err(|e| {
                self.fail(
                    Check::DeterminizePlayout,
                    format!(
                        "a legal action was refused after {played} random action(s) from seat \
                         {seat}'s determinized state: {e}"
                    ),
                )
            })?;
        }
        Ok(())
    }
}
