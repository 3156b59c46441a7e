package hellmap

import (
	"image/color"

	"github.com/umpirebot/umpire/render"
)

// The inks. Sides are told apart by hue pairs safe for the common colour
// vision deficiencies (blue against orange, from the Okabe-Ito set) and
// always also by shape, pattern or text: a French PA is a round marker, a
// VM one a diamond on a striped tab; counters carry their side's
// designation. The image is opaque with its own dark frame, so it reads
// the same on Discord's dark and light themes.
var (
	inkFrame   = render.Hex("#1e2127") // frame and panel
	inkPanel2  = render.Hex("#2a2e36") // panel boxes
	inkPanelLn = render.Hex("#3b414c")
	inkOffMap  = render.Hex("#30343b")
	inkText    = render.Hex("#161616")
	inkTextLt  = render.Hex("#f2f2f2")
	inkTextDim = render.Hex("#a9b0bb")
	inkWhite   = render.Hex("#ffffff")
	inkBlack   = render.Hex("#000000")

	// terrain
	inkJungle   = render.Hex("#3e5c38")
	inkTree     = render.Hex("#2f4a2b")
	inkTreeLt   = render.Hex("#557a4b")
	inkFlat     = render.Hex("#e9e0bb")
	inkDike     = render.Hex("#d3c794")
	inkHill     = render.Hex("#d8c096")
	inkContour  = render.Hex("#a3844f")
	inkMarsh    = render.Hex("#cfdac6")
	inkTuft     = render.Hex("#6f8d6b")
	inkCR       = render.Hex("#f7f3e8")
	inkCRHill   = render.Hex("#efe4cc")
	inkCRBorder = render.Hex("#54452f")
	inkBorder   = render.Hex("#8a7a5c")
	inkRiver    = render.Hex("#3b7db5")
	inkRiverLt  = render.Hex("#8cc4ea")
	inkStrip    = render.Hex("#9b9890")
	inkLine     = render.Hex("#5e5446")
	inkBase     = render.Hex("#6a4a2a")
	inkLabel    = render.Hex("#3a3226")

	// sides
	inkFr      = render.Hex("#1f5faa") // French blue
	inkFrDark  = render.Hex("#0b2f63")
	inkFrLight = render.Hex("#a9c9ee")
	inkTank    = render.Hex("#3d4f6b") // French armour: slate
	inkVM      = render.Hex("#e69f00") // VM orange
	inkVMDark  = render.Hex("#6b3f00")
	inkVMLight = render.Hex("#f6d38a")
	inkHidden  = render.Hex("#b77400") // hidden VM counters
	inkTrench  = render.Hex("#a14e00") // VM trenches (translucent over terrain)

	// what just happened
	inkHot    = render.Hex("#f0e442") // highlight yellow, always with a black edge
	inkFatig  = render.Hex("#f0e442")
	inkDisorg = render.Hex("#cc79a7")
	inkLoss   = render.Hex("#d55e00")
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
