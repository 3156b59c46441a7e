package bot

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
	"sync/atomic"

	"github.com/umpirebot/umpire/adjudicator"
)

// No panic takes the bot down (issue 14): every command runs under a
// recover. The caller gets a clear error, the stack goes to the log at
// error level, the game is marked as needing a moderator (persisted, shown
// in /game status and /game list) and its cached state is dropped so that
// it reloads from disk: a panic half-way through a command leaves nothing
// of it in memory. Every other game goes on.

// panics counts the panics recovered by every Service of the process (an
// operator's metric: Panics).
var panics atomic.Int64

// Panics is the number of panics the command layer recovered since start.
func Panics() int64 { return panics.Load() }

func (s *Service) log() *slog.Logger {
	if s.Log != nil {
		return s.Log
	}
	return slog.Default()
}

// ReportID names a failure for the user to quote to the moderators: the
// interaction id when there is one, else a random id (also in the log).
func ReportID(source string) string {
	if source != "" {
		return source
	}
	var b [6]byte
	rand.Read(b[:])
	return "c-" + hex.EncodeToString(b[:])
}

// guard is called when Handle starts (defer s.guard(c)(&replies)): it
// notes the channel's game and its last stored entry, and returns the
// deferred function that turns a panic into a reply.
func (s *Service) guard(c Command) func(*[]Reply) {
	gameID, before := "", -1
	if c.Channel != "" && s.DB != nil {
		if id, err := s.DB.GameInChannel(c.Channel); err == nil {
			gameID = id
			if n, err := s.DB.LastSeq(id); err == nil {
				before = n
			}
		}
	}
	return func(out *[]Reply) {
		r := recover()
		if r == nil {
			return
		}
		*out = s.recovered(c, gameID, before, r, debug.Stack())
	}
}

// recovered handles a panic of command c: logs it, flags the game, drops
// its cached state and says what happened.
func (s *Service) recovered(c Command, gameID string, before int, r any, stack []byte) []Reply {
	n := panics.Add(1)
	report := ReportID(c.Source)
	if gameID == "" && c.Channel != "" && s.DB != nil {
		// /game new may have created the game before the panic.
		if id, err := s.DB.GameInChannel(c.Channel); err == nil {
			gameID = id
		}
	}
	applied := false
	if gameID != "" && s.DB != nil {
		if n, err := s.DB.LastSeq(gameID); err == nil && n != before {
			applied = true
		}
	}
	s.log().Error("panic in a command; the game needs a moderator", "interaction", c.Source, "report", report,
		"game", gameID, "command", c.Name, "user", c.User, "channel", c.Channel, "applied", applied,
		"panic", fmt.Sprint(r), "panics", n, "stack", string(stack))
	if gameID == "" {
		return []Reply{{To: c.User, Text: fmt.Sprintf("Umpire hit an internal error on /%s; the moderators are told; nothing was applied. Report id: %s.", c.Name, report)}}
	}
	s.dropSlot(gameID)
	// The reason is public (it is shown in /game status): no panic text,
	// which could name hidden units.
	reason := fmt.Sprintf("internal error on /%s by @%s (report id %s)", c.Name, c.User, report)
	if err := s.DB.SetNeedsModerator(gameID, reason, s.now()); err != nil {
		s.log().Error("cannot mark the game as needing a moderator", "game", gameID, "err", err)
	}
	what := "nothing was applied"
	if applied {
		what = "your command was recorded, but what followed it failed; /game status shows the game as stored"
	}
	return []Reply{{To: c.User, Text: fmt.Sprintf("Game %s hit an internal error; the moderators are told; %s. Report id: %s.", gameID, what, report)}}
}

// dropSlot replaces a game's cached state by a fresh load from disk
// (after a panic the cached game may be half-mutated). The slot stays the
// same, so that a command already waiting for it uses the reloaded game and
// the game keeps one writer; if the game does not load, the slot is
// forgotten and the next command tries again.
func (s *Service) dropSlot(gameID string) {
	s.mu.Lock()
	sl := s.slots[gameID]
	s.mu.Unlock()
	if sl == nil {
		return
	}
	sl.mu.Lock()
	defer sl.mu.Unlock()
	g, err := s.loadSafe(gameID)
	if err == nil {
		sl.g = g
		return
	}
	s.mu.Lock()
	if s.slots[gameID] == sl {
		delete(s.slots, gameID)
	}
	s.mu.Unlock()
}

// loadSafe is load under a recover: a game whose replay panics (a bug in
// its title) fails to load with a clear error and is marked as needing a
// moderator, instead of leaving its single-flight load open forever (every
// later command of the game would hang) or ending the process.
func (s *Service) loadSafe(id string) (g *adjudicator.Game, err error) {
	defer func() {
		if r := recover(); r != nil {
			n := panics.Add(1)
			s.log().Error("panic while loading a game; the game needs a moderator", "game", id,
				"panic", fmt.Sprint(r), "panics", n, "stack", string(debug.Stack()))
			if err := s.DB.SetNeedsModerator(id, "internal error while loading the game", s.now()); err != nil {
				s.log().Error("cannot mark the game as needing a moderator", "game", id, "err", err)
			}
			g, err = nil, fmt.Errorf("game %s hit an internal error while loading; the moderators are told; nothing was applied", id)
		}
	}()
	return s.load(id)
}

// moderatorActed clears a game's needs-moderator mark after a moderator's
// undo or override in the channel.
func (s *Service) moderatorActed(c Command) {
	id, err := s.DB.GameInChannel(c.Channel)
	if err != nil {
		return
	}
	if err := s.DB.ClearNeedsModerator(id); err != nil {
		s.log().Warn("cannot clear the needs-moderator mark", "game", id, "err", err)
	}
}

// needsModeratorLine is the status line of a flagged game ("" if none).
func (s *Service) needsModeratorLine(gameID string) string {
	f, ok, err := s.DB.NeedsModerator(gameID)
	if err != nil || !ok {
		return ""
	}
	return fmt.Sprintf("NEEDS A MODERATOR: %s, %s. A moderator's /mod undo or /mod override clears this.", f.Reason, f.At.UTC().Format("2006-01-02 15:04 MST"))
}

// recoverLine is the console's last line of defence (Console.Line), for a
// panic outside Handle (parsing, printing).
func (c *Console) recoverLine(line string) {
	r := recover()
	if r == nil {
		return
	}
	n := panics.Add(1)
	report := ReportID("")
	user := "?"
	if f := strings.Fields(line); len(f) > 0 && strings.HasPrefix(f[0], "@") && len(f[0]) > 1 {
		user = strings.TrimPrefix(f[0], "@")
	}
	c.Service.log().Error("panic in a console line", "report", report, "panic", fmt.Sprint(r), "panics", n, "stack", string(debug.Stack()))
	fmt.Fprintf(c.Out, "[@%s] Umpire hit an internal error on that line; the moderators are told. Report id: %s.\n", user, report)
}
