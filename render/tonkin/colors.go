package tonkinmap

import "image/color"

// The inks. The terrain follows the rulebook's map (The Map): clear is
// cream, rough light brown, mountain dark brown, forest a symbol (here
// also a green tint, to read at a glance); China, where the FEF may not
// go, is greyed. Sides are told apart by blue (FEF) against vermilion
// (VM), a pair safe for the common colour vision deficiencies, and always
// also by text. The panel is dark, as A Season in Hell's.
var (
	inkFrame   = hex("#1e2127")
	inkPanel2  = hex("#2a2e36")
	inkPanelLn = hex("#3b414c")
	inkText    = hex("#161616")
	inkTextLt  = hex("#f2f2f2")
	inkTextDim = hex("#a9b0bb")
	inkWhite   = hex("#ffffff")
	inkBlack   = hex("#000000")
	inkHexID   = hex("#6e6350")
	inkHexLn   = hex("#a8997a")

	inkClear    = hex("#f3e9c6")
	inkRough    = hex("#dcc08c")
	inkForest   = hex("#cfe0a4")
	inkRoughFor = hex("#c3bf82")
	inkMountain = hex("#a37a52")
	inkSea      = hex("#a9cbe6")
	inkSeaLn    = hex("#8fb6d6")
	inkTree     = hex("#3f6b2a")
	inkPeak     = hex("#5b3d22")
	inkChinaTnt = hex("#9a9a9a") // blended over China's terrain

	inkNavig  = hex("#1f58a8")
	inkMinor  = hex("#5d9fd8")
	inkRoad   = hex("#b8322a")
	inkCasing = hex("#fff8e6")
	inkRail   = hex("#1b1b1b")
	inkChina  = hex("#6d2c8e") // the Chinese border
	inkLaos   = hex("#6d2c8e")
	inkDelta  = hex("#2e7d32")
	inkCoast  = hex("#6fa5d3")

	inkStar   = hex("#d7191c")
	inkSpot   = hex("#d7191c")
	inkAir    = hex("#1d3557")
	inkHarbor = hex("#1d3557")

	inkFEFText = hex("#12325e")
	inkVMText  = hex("#8a1c0c")
	inkBlue    = hex("#1f5faa") // FEF victory values
	inkRed     = hex("#c0281b") // VM victory values, city borders

	// counters
	inkFEF      = hex("#c4dbf5")
	inkFEFEdge  = hex("#0b2f63")
	inkVM       = hex("#e8763a")
	inkVMDark   = hex("#8e2a0b")
	inkVMEdge   = hex("#4a1200")
	inkVMText2  = hex("#fff4c2")
	inkYellow   = hex("#f2d21b")
	inkGreen    = hex("#2f9e44")
	inkMarker   = hex("#f0e442")
	inkGarrison = hex("#1f5faa")
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

// alpha returns c at opacity a (premultiplied).
func alpha(c color.RGBA, a float64) color.RGBA {
	return color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(255 * a)}
}

// hex parses "#rrggbb".
func hex(s string) color.RGBA {
	var v [3]uint8
	for i := 0; i < 3; i++ {
		v[i] = unhex(s[1+2*i])<<4 | unhex(s[2+2*i])
	}
	return color.RGBA{v[0], v[1], v[2], 255}
}

func unhex(b byte) uint8 {
	switch {
	case b >= '0' && b <= '9':
		return b - '0'
	case b >= 'a' && b <= 'f':
		return b - 'a' + 10
	case b >= 'A' && b <= 'F':
		return b - 'A' + 10
	}
	return 0
}
