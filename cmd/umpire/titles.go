package main

// The titles this umpire plays: one import for each title's rules and
// one for its map drawing (adjudicator/registry.go). This is the only file
// outside a title's own packages that names a title (TestTitles_OnlyHere).
import (
	_ "github.com/umpirebot/umpire/adjudicator/finalgamble"
	_ "github.com/umpirebot/umpire/adjudicator/hell"
	_ "github.com/umpirebot/umpire/adjudicator/lostvalley"
	_ "github.com/umpirebot/umpire/adjudicator/storm"
	_ "github.com/umpirebot/umpire/adjudicator/tonkin"
	_ "github.com/umpirebot/umpire/render/finalgamble"
	_ "github.com/umpirebot/umpire/render/hell"
	_ "github.com/umpirebot/umpire/render/lostvalley"
	_ "github.com/umpirebot/umpire/render/storm"
	_ "github.com/umpirebot/umpire/render/tonkin"
)
