package finalgamble

import "testing"

func TestEmbeddedDataLoads(t *testing.T) {
	d, err := Load(nil, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Setups) != 4 {
		t.Fatalf("%d setups", len(d.Setups))
	}
}
