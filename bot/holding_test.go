package bot

import (
	"errors"
	"testing"
)

// holding (withGame's, Game's and the completions' step): f runs with
// the slot pinned and locked, the slot is unpinned and unlocked after,
// and a slot that cannot be had is the caller's error, f not run.
func TestHolding_PinsLocksAndReleases(t *testing.T) {
	s := &Service{}
	sl := &slot{}
	pin := func(key string) (*slot, error) {
		if key != "g1" {
			return nil, errors.New("no game " + key)
		}
		s.mu.Lock()
		sl.users++
		s.mu.Unlock()
		return sl, nil
	}
	got, err := holding(s, pin, "g1", func(in *slot) (int, error) {
		if in != sl {
			t.Error("f got another slot")
		}
		if sl.mu.TryLock() {
			t.Error("f runs without the slot's lock")
			sl.mu.Unlock()
		}
		if sl.users != 1 {
			t.Errorf("f runs with the slot pinned %d times, want 1", sl.users)
		}
		return 7, nil
	})
	if got != 7 || err != nil {
		t.Fatalf("holding = %d, %v; want f's 7, nil", got, err)
	}
	if !sl.mu.TryLock() {
		t.Fatal("the slot stays locked after holding")
	}
	sl.mu.Unlock()
	if sl.users != 0 || sl.used.IsZero() {
		t.Errorf("after holding: pinned %d times, last used %v; want unpinned and used now", sl.users, sl.used)
	}
	ran := false
	_, err = holding(s, pin, "g2", func(*slot) (int, error) { ran = true; return 0, nil })
	if ran || err == nil || err.Error() != "no game g2" {
		t.Errorf("holding a slot that cannot be had: f ran %v, error %v; want not run, no game g2", ran, err)
	}
	fErr := errors.New("f refused")
	if _, err := holding(s, pin, "g1", func(*slot) (int, error) { return 0, fErr }); !errors.Is(err, fErr) || sl.users != 0 {
		t.Errorf("f's error: %v, pinned %d; want f refused, unpinned", err, sl.users)
	}
}
