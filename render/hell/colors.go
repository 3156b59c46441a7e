package hellmap

import "image/color"

// The inks. Sides are told apart by hue pairs safe for the common colour
// vision deficiencies (blue against orange, from the Okabe-Ito set) and
// always also by shape, pattern or text: a French PA is a round marker, a
// VM one a diamond on a striped tab; counters carry their side's
// designation. The image is opaque with its own dark frame, so it reads
// the same on Discord's dark and light themes.
var (
	inkFrame   = hex("#1e2127") // frame and panel
	inkPanel2  = hex("#2a2e36") // panel boxes
	inkPanelLn = hex("#3b414c")
	inkOffMap  = hex("#30343b")
	inkText    = hex("#161616")
	inkTextLt  = hex("#f2f2f2")
	inkTextDim = hex("#a9b0bb")
	inkWhite   = hex("#ffffff")
	inkBlack   = hex("#000000")

	// terrain
	inkJungle   = hex("#3e5c38")
	inkTree     = hex("#2f4a2b")
	inkTreeLt   = hex("#557a4b")
	inkFlat     = hex("#e9e0bb")
	inkDike     = hex("#d3c794")
	inkHill     = hex("#d8c096")
	inkContour  = hex("#a3844f")
	inkMarsh    = hex("#cfdac6")
	inkTuft     = hex("#6f8d6b")
	inkCR       = hex("#f7f3e8")
	inkCRHill   = hex("#efe4cc")
	inkCRBorder = hex("#54452f")
	inkBorder   = hex("#8a7a5c")
	inkRiver    = hex("#3b7db5")
	inkRiverLt  = hex("#8cc4ea")
	inkStrip    = hex("#9b9890")
	inkLine     = hex("#5e5446")
	inkBase     = hex("#6a4a2a")
	inkLabel    = hex("#3a3226")

	// sides
	inkFr      = hex("#1f5faa") // French blue
	inkFrDark  = hex("#0b2f63")
	inkFrLight = hex("#a9c9ee")
	inkTank    = hex("#3d4f6b") // French armour: slate
	inkVM      = hex("#e69f00") // VM orange
	inkVMDark  = hex("#6b3f00")
	inkVMLight = hex("#f6d38a")
	inkHidden  = hex("#b77400") // hidden VM counters
	inkTrench  = hex("#a14e00") // VM trenches (translucent over terrain)

	// what just happened
	inkHot    = hex("#f0e442") // highlight yellow, always with a black edge
	inkFatig  = hex("#f0e442")
	inkDisorg = hex("#cc79a7")
	inkLoss   = hex("#d55e00")
)

// inks lists every flat colour of the drawing, for the PNG palette.
func inks() []color.RGBA {
	return []color.RGBA{
		inkFrame, inkPanel2, inkPanelLn, inkOffMap, inkText, inkTextLt, inkTextDim, inkWhite, inkBlack,
		inkJungle, inkTree, inkTreeLt, inkFlat, inkDike, inkHill, inkContour, inkMarsh, inkTuft,
		inkCR, inkCRHill, inkCRBorder, inkBorder, inkRiver, inkRiverLt, inkStrip, inkLine, inkBase, inkLabel,
		inkFr, inkFrDark, inkFrLight, inkTank, inkVM, inkVMDark, inkVMLight, inkHidden, inkTrench,
		inkHot, inkFatig, inkDisorg, inkLoss,
	}
}

// alpha returns c at opacity a (premultiplied).
func alpha(c color.RGBA, a float64) color.RGBA {
	return color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(255 * a)}
}

// hex parses "#rrggbb" or "#rrggbbaa".
func hex(s string) color.RGBA {
	var v [4]uint8
	v[3] = 255
	for i := 0; i < (len(s)-1)/2 && i < 4; i++ {
		v[i] = unhex(s[1+2*i])<<4 | unhex(s[2+2*i])
	}
	// premultiply
	a := uint16(v[3])
	return color.RGBA{uint8(uint16(v[0]) * a / 255), uint8(uint16(v[1]) * a / 255), uint8(uint16(v[2]) * a / 255), v[3]}
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
