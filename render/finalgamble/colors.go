package fgmap

import (
	"image/color"

	"github.com/umpirebot/umpire/render"
)

// The inks: the valley's field a pale straw, forest green, hills brown
// (a darker rim where a hill begins: "uphill", 1.5-B), the Nam Youm blue;
// French blue against VM vermilion, always also told apart by text.
var (
	inkBG      = render.Hex("#20242b")
	inkPanel2  = render.Hex("#2c313a")
	inkPanelLn = render.Hex("#465061")
	inkText    = render.Hex("#161616")
	inkTextLt  = render.Hex("#f2f2f2")
	inkTextDim = render.Hex("#aab2bf")
	inkWhite   = render.Hex("#ffffff")
	inkBlack   = render.Hex("#000000")
	inkHexLn   = render.Hex("#b9ad8c")

	inkField  = render.Hex("#eee6c4")
	inkForest = render.Hex("#bcd59a")
	inkHill   = render.Hex("#d8b98a")
	inkHillF  = render.Hex("#aebf7c") // a forested hill
	inkHillLn = render.Hex("#7a4f22")
	inkRiver  = render.Hex("#2f6fc0")
	inkBridge = render.Hex("#5a3b1c")
	inkRoad   = render.Hex("#a6462f")
	inkStrip  = render.Hex("#b7b7b0")
	inkWire   = render.Hex("#26262a")
	inkWireLt = render.Hex("#6a6a72")
	inkSector = render.Hex("#c62828")
	inkZone   = render.Hex("#d98c8c")
	inkSupply = render.Hex("#fdfdfd")
	inkSP     = render.Hex("#fff7dc")
	inkSPLn   = render.Hex("#3a2a12")
	inkHosp   = render.Hex("#d32f2f")
	inkTrench = render.Hex("#4a0e0e") // dark: apart from the red sector borders
	inkDig    = render.Hex("#e07b39")

	inkFR     = render.Hex("#cfe0f7")
	inkFREdge = render.Hex("#0d3466")
	inkFRText = render.Hex("#0d2a52")
	inkVM     = render.Hex("#e8763a")
	inkVMEdge = render.Hex("#4a1200")
	inkVMText = render.Hex("#2a0a00")
	inkRedBnd = render.Hex("#f4a5a0") // the reduced side's light red band (1.7)

	inkBlueArr = render.Hex("#2f6fc0")
	inkRedArr  = render.Hex("#c62828")
	inkGrayArr = render.Hex("#8a8f98")

	inkDry     = render.Hex("#d9c27a")
	inkRain    = render.Hex("#6fa3d8")
	inkMonsoon = render.Hex("#3d5f9e")
	inkNow     = render.Hex("#ffd54f")
)

func inks() []color.RGBA {
	return []color.RGBA{inkBG, inkPanel2, inkPanelLn, inkText, inkTextLt, inkTextDim, inkWhite, inkBlack, inkHexLn,
		inkField, inkForest, inkHill, inkHillF, inkHillLn, inkRiver, inkBridge, inkRoad, inkStrip, inkWire, inkWireLt,
		inkSector, inkZone, inkSupply, inkSP, inkSPLn, inkHosp, inkTrench, inkDig,
		inkFR, inkFREdge, inkFRText, inkVM, inkVMEdge, inkVMText, inkRedBnd, inkBlueArr, inkRedArr, inkGrayArr,
		inkDry, inkRain, inkMonsoon, inkNow}
}
