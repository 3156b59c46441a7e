package finalgamble

import (
	"fmt"
	"strings"

	"github.com/umpirebot/umpire/adjudicator"
)

// segment is one segment of the Extended Game Turn Sequence.
type segment struct {
	ID   string
	Name string
	// Side decides in the segment; "" when the segment plays itself.
	Side adjudicator.Side
	// start runs the segment's automatic part and tells whether its side
	// has anything to decide (false: the segment is taken at once and
	// announced).
	start func(r *Rules, s *State, d adjudicator.Dice, ev *events) bool
	// finish runs when the side is done (or at once when start said
	// there was nothing to decide).
	finish func(r *Rules, s *State, d adjudicator.Dice, ev *events)
}

// segments is the Extended Game Turn Sequence, in order: 33 segments,
// with the set-up's Wounded Square picks (9.0-D) before the first.
var segments []segment

func init() {
	segments = []segment{
		{ID: "9.0-C", Name: "French Set-up", Side: French, start: (*Rules).startFrenchSetup},
		{ID: "9.0-D", Name: "Wounded Square", Side: French, start: (*Rules).startPicks},
		{ID: "9.0-F", Name: "VM Set-up", Side: VM, start: (*Rules).startVMSetup},
		{ID: "2.1", Name: "VM Operational Move", Side: VM, start: (*Rules).startVMOperational},
		{ID: "2.2", Name: "VM Bombardment", Side: VM, start: (*Rules).startVMBombard, finish: (*Rules).finishVMBombard},
		{ID: "2.3", Name: "VM Commando Raid", Side: VM, start: (*Rules).startCommando},
		{ID: "2.4", Name: "VM Tactical Move", Side: VM, start: (*Rules).startVMTactical, finish: (*Rules).finishVMTactical},
		{ID: "3.1", Name: "VM Declares Assault or Rest", Side: VM, start: (*Rules).startVMDeclare, finish: (*Rules).finishVMDeclare},
		{ID: "3.2", Name: "Box Combat (VM)", Side: VM, start: (*Rules).startVMBoxCombat},
		{ID: "3.3", Name: "French Reaction Move", Side: French, start: (*Rules).startReaction},
		{ID: "3.4", Name: "French Support Barrage", Side: French, start: (*Rules).startFrenchBarrage},
		{ID: "3.5", Name: "French Defense Fire", Side: French, start: (*Rules).startDefense, finish: (*Rules).finishDefense},
		{ID: "3.6", Name: "VM Assault", Side: VM, start: (*Rules).startVMAssault, finish: (*Rules).finishAssaults},
		{ID: "4.1", Name: "VM Attrition", Side: VM, start: (*Rules).startVMAttrition, finish: (*Rules).finishVMAttrition},
		{ID: "4.2", Name: "VM After-Combat Move", Side: VM, start: (*Rules).startAfterCombat, finish: (*Rules).finishVMAfterCombat},
		{ID: "4.3", Name: "Remove/Add Shaken Markers (VM)", start: (*Rules).startShakenVM},
		{ID: "4.4", Name: "Mark all Isolated French Units", start: (*Rules).startIsolateFrench},
		{ID: "5.1", Name: "Morale Check", Side: VM, start: (*Rules).startMoraleCheck, finish: (*Rules).finishMoraleCheck},
		{ID: "5.2", Name: "VM Replacements and Reinforcements", Side: VM, start: (*Rules).startVMReplace, finish: (*Rules).finishVMReplace},
		{ID: "5.3", Name: "Deduct French Supply", Side: French, start: (*Rules).startSupply, finish: (*Rules).finishSupply},
		{ID: "5.4", Name: "French Airdrops", Side: French, start: (*Rules).startAirdrop, finish: (*Rules).finishAirdrop},
		{ID: "6.1", Name: "Airstrike", Side: French, start: (*Rules).startAirstrike},
		{ID: "6.2", Name: "French Operational Move", Side: French, start: (*Rules).startFrenchOperational},
		{ID: "6.3", Name: "French Bombardment", Side: French, start: (*Rules).startFrenchBombard, finish: (*Rules).finishFrenchBombard},
		{ID: "6.4", Name: "French Tactical Move", Side: French, start: (*Rules).startFrenchTactical},
		{ID: "7.1", Name: "Box Combat (French)", start: (*Rules).startFrenchBoxCombat},
		{ID: "7.2", Name: "France Declares Assaults", Side: French, start: (*Rules).startFrenchDeclare},
		{ID: "7.3", Name: "VM Support Barrage", Side: VM, start: (*Rules).startVMBarrage},
		{ID: "7.4", Name: "VM Defense Fire", Side: VM, start: (*Rules).startDefense, finish: (*Rules).finishDefense},
		{ID: "7.5", Name: "French Assault", Side: French, start: (*Rules).startFrenchAssault, finish: (*Rules).finishAssaults},
		{ID: "8.1", Name: "French Attrition", Side: French, start: (*Rules).startFrenchAttrition, finish: (*Rules).finishFrenchAttrition},
		{ID: "8.2", Name: "French After-Combat Move", Side: French, start: (*Rules).startAfterCombat},
		{ID: "8.3", Name: "Remove/Add Shaken Markers (French)", start: (*Rules).startShakenFrench},
		{ID: "8.4", Name: "Mark all Isolated VM Units", start: (*Rules).startIsolateVM},
		{ID: "8.5", Name: "VM Trench Digging", Side: VM, start: (*Rules).startDigging},
		{ID: "8.6", Name: "New Game Turn", start: (*Rules).startNewTurn},
	}
}

func segIndex(id string) int {
	for i, g := range segments {
		if g.ID == id {
			return i
		}
	}
	return -1
}

func (s *State) segment() *segment {
	i := segIndex(s.Seg)
	if i < 0 {
		return nil
	}
	return &segments[i]
}

// events gathers a step's events.
type events struct{ list []adjudicator.Event }

func (e *events) say(format string, a ...any) {
	e.list = append(e.list, adjudicator.Event{Audience: adjudicator.Everyone, Text: fmt.Sprintf(format, a...)})
}

func (e *events) to(side adjudicator.Side, format string, a ...any) {
	e.list = append(e.list, adjudicator.Event{Audience: adjudicator.Only(side), Text: fmt.Sprintf(format, a...)})
}

func (e *events) mark(kind, from, at string) {
	if len(e.list) == 0 {
		e.say("")
	}
	l := &e.list[len(e.list)-1]
	l.Marks = append(l.Marks, adjudicator.Mark{Kind: kind, From: from, At: at})
}

// awaiting is who the state waits for: the pending question's side, else
// the segment's.
func (s *State) awaiting() adjudicator.Side {
	if s.Result != nil {
		return ""
	}
	if s.Pending != nil {
		return s.Pending.Side
	}
	if s.Seg == "9.0-D" && s.Picked%2 == 1 {
		return VM // 9.0-D: France and the VM in turn, France first
	}
	if g := s.segment(); g != nil {
		return g.Side
	}
	return ""
}

// enter starts segment id and plays on through every segment with nothing
// to decide, until one awaits a side or the game ends.
func (r *Rules) enter(s *State, id string, d adjudicator.Dice, ev *events) {
	for s.Result == nil {
		s.Seg = id
		s.Moved, s.MovedIDs, s.Stage, s.Zones = 0, nil, "", nil
		g := s.segment()
		wait := g.start(r, s, d, ev)
		if s.Result != nil {
			return
		}
		if wait && g.Side != "" {
			return
		}
		if s.Pending != nil {
			return
		}
		if g.finish != nil {
			g.finish(r, s, d, ev)
		}
		if s.Pending != nil || s.Result != nil {
			return
		}
		id = r.closeSegment(s, ev)
	}
}

// closeSegment ends the current segment: control changes (1.4-D),
// outposts (1.4-H); it returns the next segment's id.
func (r *Rules) closeSegment(s *State, ev *events) string {
	r.control(s, ev)
	i := segIndex(s.Seg)
	if s.Seg == "8.6" || i+1 >= len(segments) {
		return "2.1"
	}
	return segments[i+1].ID
}

// finishSegment is the awaited side's "done": the segment's finish, then
// on.
func (r *Rules) finishSegment(s *State, d adjudicator.Dice, ev *events) {
	g := s.segment()
	if g.finish != nil {
		g.finish(r, s, d, ev)
	}
	if s.Pending != nil || s.Result != nil {
		return
	}
	r.enter(s, r.closeSegment(s, ev), d, ev)
}

// nothing announces a segment taken at once.
func nothing(ev *events, s *State, why string) {
	g := s.segment()
	ev.say("%s %s: %s.", g.ID, g.Name, why)
}

// turnDate is the current turn's slot.
func (r *Rules) turnSlot(s *State) Turn {
	t := r.D.Tracks.GameTurn.Turns
	if s.Turn < 1 || s.Turn > len(t) {
		return Turn{}
	}
	return t[s.Turn-1]
}

// onOrAfter tells whether the current turn is the one whose dates start
// on day of month (e.g. "12", "April": 4.1-B; "24", "April": 5.2-E) or later.
func (r *Rules) onOrAfter(s *State, day, month string) bool {
	for i, t := range r.D.Tracks.GameTurn.Turns {
		if strings.HasPrefix(t.Dates, day+"-") && strings.HasSuffix(t.Dates, month) {
			return s.Turn >= i+1
		}
	}
	return false
}
