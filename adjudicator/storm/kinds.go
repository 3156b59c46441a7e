package storm

// The card names the rules know (cards.toml names each card by one of
// them), and the reaction windows a side's standing reactions answer.
const (
	cImproved   = "Improved Defenses"
	cRats       = "Rats of the Nam Yum"
	cGiap       = "Giap Demands Success"
	cDetonate   = "Detonate Mine Shaft"
	cWeather    = "Poor Weather"
	cKatyusha   = "Katyusha Rockets"
	cPropaganda = "Propaganda"
	cFlak       = "Heavy Flak"
	cSurprise   = "Surprise Assault"
	cEmergency  = "Emergency Replacements"
	c105        = "105mm Artillery"
	c75         = "75mm Artillery"
	cNight      = "Night Assault"
	cBigeard    = "Bigeard Refuses to Leave"
	cCoord      = "Command Coordination"
	cDebouchez  = "Debouchez a Zero!"
	cBordels    = "Bordels Mobiles de Campagne"
	cFlares     = "Flares"
	cRelief     = "Relief Force from Isabelle"
	cFlame      = "Flamethrowers"
	cMines      = "Mines"
	cMortar     = "Mortar Support"
	cCounter    = "Counter Attack"
	cB26        = "B-26 Bombers"
	cFighter    = "Fighter Bombers"
	cArtillery  = "Artillery"
	cTOT        = "TOT Artillery"
)

var cardKinds = map[string]bool{cImproved: true, cRats: true, cGiap: true, cDetonate: true, cWeather: true,
	cKatyusha: true, cPropaganda: true, cFlak: true, cSurprise: true, cEmergency: true, c105: true, c75: true,
	cNight: true, cBigeard: true, cCoord: true, cDebouchez: true, cBordels: true, cFlares: true, cRelief: true,
	cFlame: true, cMines: true, cMortar: true, cCounter: true, cB26: true, cFighter: true, cArtillery: true, cTOT: true}

// The reaction windows (standing reaction kinds), each answered by the
// side named, with the card(s) that fit it and the window's measure
// (what "play N" compares with N).
type reaction struct {
	Kind    string
	Side    Side
	Cards   []string
	Measure string
}

var reactions = []reaction{
	{"improved-defenses", VM, []string{cImproved}, "the attack's firepower"},
	{"poor-weather", VM, []string{cWeather}, "the bombers' firepower"},
	{"counter-battery", VM, []string{c105, c75}, "the artillery card's firepower"},
	{"flares", French, []string{cFlares}, "the Night Assault cards played"},
	{"mines", French, []string{cMines}, "the assaulting units"},
	{"debouchez", French, []string{cDebouchez}, "the assaulting units"},
	{"bigeard", French, []string{cBigeard}, "the damage points"},
	{"emergency-replacements", VM, []string{cEmergency}, "(none: 0)"},
	{"heavy-flak", VM, []string{cFlak}, "the areas already without supply"},
}

func reactionOf(kind string) (reaction, bool) {
	for _, r := range reactions {
		if r.Kind == kind {
			return r, true
		}
	}
	return reaction{}, false
}
