package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

// Invariant 1: a secret roll (one that picked a card) is never on a
// player's log page while the game runs, not even the roller's own or on
// an all-public entry; the referee reads it (and everyone does once the
// game is over: /game log then views as the referee).
func TestLog_SecretRollsOnlyForTheReferee(t *testing.T) {
	e := adjudicator.Entry{Seq: 4, Kind: adjudicator.KindOrder, Actor: "alice", Side: "vm", Action: "pass",
		Time: time.Unix(1e9, 0), Rolls: []adjudicator.Roll{{N: 7, Sides: 6, Value: 2}, {N: 8, Sides: 23, Value: 17, Secret: true}}}
	evs := []adjudicator.Event{{Audience: adjudicator.Everyone, Text: "The VM passes; the turn ends."}}
	for _, v := range []adjudicator.Viewer{adjudicator.Public, adjudicator.ViewerOf("vm"), adjudicator.ViewerOf("french")} {
		head := logEntry(e, evs, v, 0, "")[0]
		if strings.Contains(head, "d23") {
			t.Errorf("%s reads the secret roll: %s", v, head)
		}
		if !strings.Contains(head, "dice d6:2") {
			t.Errorf("%s does not read the public die: %s", v, head)
		}
	}
	if head := logEntry(e, evs, adjudicator.ViewerOf(adjudicator.Referee), 0, "")[0]; !strings.Contains(head, "dice d6:2 d23:17") {
		t.Errorf("the referee does not read every roll: %s", head)
	}
}
