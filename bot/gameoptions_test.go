package bot

import (
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// A title's own game options (Storm's 15.0 bidding, The Lost Valley's
// card 45) are set with /game new options:"key=value ...": only the keys
// the title declares, each with a value.
func TestGameOptions_OnlyTheTitlesKeys(t *testing.T) {
	info := adjudicator.Info{Name: "T", Options: []adjudicator.GameOption{{Key: "bidding", Help: "on or off"}, {Key: "bid", Help: "1 to 8"}}}
	got, err := gameOptions(info, "bidding=on  BID=5")
	if err != nil || got["bidding"] != "on" || got["bid"] != "5" || len(got) != 2 {
		t.Fatalf("%v %v", got, err)
	}
	for text, want := range map[string]string{
		"hotseat=yes": `T has no game option "hotseat"; its options are bidding (on or off); bid (1 to 8)`,
		"bidding":     "option bidding wants a value",
		"bid=":        "option bid wants a value",
	} {
		if _, err := gameOptions(info, text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v", text, err)
		}
	}
	if _, err := gameOptions(adjudicator.Info{Name: "H"}, "x=1"); err == nil || !strings.Contains(err.Error(), "H has no game options") {
		t.Errorf("a title without options: %v", err)
	}
	if got, err := gameOptions(info, ""); err != nil || len(got) != 0 {
		t.Errorf("no options: %v %v", got, err)
	}
}
