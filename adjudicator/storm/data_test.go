package storm

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

func TestData_EmbeddedLoads(t *testing.T) {
	d, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Area) < 38 || len(d.CardOf[French]) != 27 || len(d.CardOf[VM]) != 27 {
		t.Fatalf("%d areas, %d+%d cards", len(d.Area), len(d.CardOf[French]), len(d.CardOf[VM]))
	}
}

// 7.0 and 8.4's examples: the borders they name, across the river or not.
func TestData_Board_ExamplesOf7_0And8_4(t *testing.T) {
	d := MustDefault()
	for _, c := range []struct {
		a, b  int
		river bool
	}{{10, 7, false}, {10, 11, false}, {10, 17, true}, {11, 7, false}, {11, 8, false}, {11, 14, true}, {11, 17, true}, {14, 17, false}} {
		if !d.Adjacent(c.a, c.b) || d.River(c.a, c.b) != c.river {
			t.Errorf("%d-%d: adjacent %v, river %v; want adjacent, river %v", c.a, c.b, d.Adjacent(c.a, c.b), d.River(c.a, c.b), c.river)
		}
	}
	for _, br := range [][2]int{{29, 28}, {29, 21}} {
		if !d.Bridge(br[0], br[1]) || d.River(br[0], br[1]) {
			t.Errorf("%v is not a bridge", br)
		}
	}
	// 5.1: the card symbols; 11.0's classes
	for _, a := range []int{6, 9, 14} {
		if d.Area[a].Cards != "white" {
			t.Errorf("area %d has no white card symbol", a)
		}
	}
	for _, a := range []int{16, 20, 21} {
		if d.Area[a].Cards != "grey" || d.Area[a].Class != "blue" {
			t.Errorf("area %d is not a grey-symbol airstrip area", a)
		}
	}
}

// The loader refuses a broken file naming file, line and field.
func TestData_LoaderNamesFileLineField(t *testing.T) {
	sub, _ := fs.Sub(embedded, "data")
	board, _ := fs.ReadFile(sub, FileBoard)
	broken := strings.Replace(string(board), "adjacent = [20, 21, 22, 29, 32]", "adjacent = [20, 21, 22, 29, 99]", 1)
	cardsB, _ := fs.ReadFile(sub, FileCards)
	brokenCards := strings.Replace(string(cardsB), `window = "supply"`, `window = "whenever"`, 1)
	for _, c := range []struct {
		file, text, want string
	}{
		{FileBoard, broken, "board.toml:"},
		{FileBoard, broken, "no area 99"},
		{FileCards, brokenCards, `window: "whenever"`},
	} {
		_, err := LoadOver(fstest.MapFS{c.file: {Data: []byte(c.text)}}, "ops")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.file, err, c.want)
		}
	}
}
