package tonkinmap

import (
	"image/color"

	"github.com/umpirebot/umpire/render"
)

// The inks. The terrain follows the rulebook's map (The Map): clear is
// cream, rough light brown, mountain dark brown, forest a symbol (here
// also a green tint, to read at a glance); China, where the FEF may not
// go, is greyed. Sides are told apart by blue (FEF) against vermilion
// (VM), a pair safe for the common colour vision deficiencies, and always
// also by text. The panel is dark, as A Season in Hell's.
var (
	inkFrame   = render.Hex("#1e2127")
	inkPanel2  = render.Hex("#2a2e36")
	inkPanelLn = render.Hex("#3b414c")
	inkText    = render.Hex("#161616")
	inkTextLt  = render.Hex("#f2f2f2")
	inkTextDim = render.Hex("#a9b0bb")
	inkWhite   = render.Hex("#ffffff")
	inkBlack   = render.Hex("#000000")
	inkHexID   = render.Hex("#6e6350")
	inkHexLn   = render.Hex("#a8997a")

	inkClear    = render.Hex("#f3e9c6")
	inkRough    = render.Hex("#dcc08c")
	inkForest   = render.Hex("#cfe0a4")
	inkRoughFor = render.Hex("#c3bf82")
	inkMountain = render.Hex("#a37a52")
	inkSea      = render.Hex("#a9cbe6")
	inkSeaLn    = render.Hex("#8fb6d6")
	inkTree     = render.Hex("#3f6b2a")
	inkPeak     = render.Hex("#5b3d22")
	inkChinaTnt = render.Hex("#9a9a9a") // blended over China's terrain

	inkNavig  = render.Hex("#1f58a8")
	inkMinor  = render.Hex("#5d9fd8")
	inkRoad   = render.Hex("#b8322a")
	inkCasing = render.Hex("#fff8e6")
	inkRail   = render.Hex("#1b1b1b")
	inkChina  = render.Hex("#6d2c8e") // the Chinese border
	inkLaos   = render.Hex("#6d2c8e")
	inkDelta  = render.Hex("#2e7d32")
	inkCoast  = render.Hex("#6fa5d3")

	inkStar   = render.Hex("#d7191c")
	inkSpot   = render.Hex("#d7191c")
	inkAir    = render.Hex("#1d3557")
	inkHarbor = render.Hex("#1d3557")

	inkFEFText = render.Hex("#12325e")
	inkVMText  = render.Hex("#8a1c0c")
	inkBlue    = render.Hex("#1f5faa") // FEF victory values
	inkRed     = render.Hex("#c0281b") // VM victory values, city borders

	// counters
	inkFEF      = render.Hex("#c4dbf5")
	inkFEFEdge  = render.Hex("#0b2f63")
	inkVM       = render.Hex("#e8763a")
	inkVMDark   = render.Hex("#8e2a0b")
	inkVMEdge   = render.Hex("#4a1200")
	inkVMText2  = render.Hex("#fff4c2")
	inkYellow   = render.Hex("#f2d21b")
	inkGreen    = render.Hex("#2f9e44")
	inkMarker   = render.Hex("#f0e442")
	inkGarrison = render.Hex("#1f5faa")
)

// inks lists every flat colour of the drawing, for the PNG palette.
func inks() []color.RGBA {
	return []color.RGBA{
		inkFrame, inkPanel2, inkPanelLn, inkText, inkTextLt, inkTextDim, inkWhite, inkBlack, inkHexID, inkHexLn,
		inkClear, inkRough, inkForest, inkRoughFor, inkMountain, inkSea, inkSeaLn, inkTree, inkPeak,
		china(inkClear), china(inkRough), china(inkForest), china(inkRoughFor), china(inkMountain),
		inkNavig, inkMinor, inkRoad, inkCasing, inkRail, inkChina, inkDelta, inkCoast,
		inkStar, inkSpot, inkAir, inkFEFText, inkVMText, inkBlue, inkRed,
		inkFEF, inkFEFEdge, inkVM, inkVMDark, inkVMEdge, inkVMText2, inkYellow, inkGreen, inkMarker,
	}
}

// china greys a terrain colour: China is off limits to the FEF (5.12).
func china(c color.RGBA) color.RGBA {
	m := func(a, b uint8) uint8 { return uint8((int(a)*45 + int(b)*55) / 100) }
	return color.RGBA{m(c.R, inkChinaTnt.R), m(c.G, inkChinaTnt.G), m(c.B, inkChinaTnt.B), 255}
}
