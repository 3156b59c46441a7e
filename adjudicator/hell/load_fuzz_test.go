package hell

import (
	"errors"
	"strings"
	"testing"
)

// FuzzLoad replaces one of the four data files (which % 4, in the order
// map, units, tables, scenarios) with arbitrary bytes: the loader must
// never panic, and every fault it reports names a file and a line.
func FuzzLoad(f *testing.F) {
	files := embeddedFiles(f)
	for i, n := range ldDataFiles {
		f.Add(uint8(i), []byte(files[n]))
	}
	f.Add(uint8(0), []byte("provenance = \"rulebook\"\n[[zone]]\nid = \"A\"\nadjacent = [\"A\"]\n"))
	f.Add(uint8(1), []byte("[[french]]\nid = 'x'\nsteps = 2\n[[french_arrival]]\nturn = 0\nunits = ['x', 'x']\n"))
	f.Add(uint8(2), []byte("[fire]\n[[fire.column]]\nmin = 1\nmax = 0\nresults = []\n"))
	f.Add(uint8(3), []byte("[[scenario]]\nid = \"full-battle\"\n[[scenario.trench]]\nat = \"A\"\nlevel = 9\n"))
	f.Add(uint8(0), []byte("a = [[1, 2], {b = \"\"\"\n\"\"\"}]\n\"q.k\".x = 'y'\n[[t.u]]\n"))
	f.Add(uint8(0), []byte(`[""]`))   // found by fuzzing: an empty key named no field
	f.Add(uint8(2), []byte("lost=0")) // found by fuzzing: a table given as a value named no field
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		fs := map[string]string{}
		for k, v := range files {
			fs[k] = v
		}
		name := ldDataFiles[int(which)%len(ldDataFiles)]
		fs[name] = string(data)
		d, err := LoadFS(mapFS(fs))
		if err == nil {
			if d == nil || len(d.PAs) != 44 {
				t.Fatalf("loaded without error but with %v", d)
			}
			return
		}
		var es DataErrors
		if !errors.As(err, &es) || len(es) == 0 {
			t.Fatalf("error %T without faults: %v", err, err)
		}
		for _, e := range es {
			if e.File == "" || e.Line < 1 {
				t.Fatalf("fault without file or line: %q", e.Error())
			}
			if e.Field == "" && !strings.HasPrefix(e.Msg, "syntax error") {
				t.Fatalf("fault without field: %q", e.Error())
			}
		}
		_ = err.Error()
	})
}
