package fgmap

import "image/color"

// The inks: the valley's field a pale straw, forest green, hills brown
// (a darker rim where a hill begins: "uphill", 1.5-B), the Nam Youm blue;
// French blue against VM vermilion, always also told apart by text.
var (
	inkBG      = hex("#20242b")
	inkPanel2  = hex("#2c313a")
	inkPanelLn = hex("#465061")
	inkText    = hex("#161616")
	inkTextLt  = hex("#f2f2f2")
	inkTextDim = hex("#aab2bf")
	inkWhite   = hex("#ffffff")
	inkBlack   = hex("#000000")
	inkHexLn   = hex("#b9ad8c")

	inkField  = hex("#eee6c4")
	inkForest = hex("#bcd59a")
	inkHill   = hex("#d8b98a")
	inkHillF  = hex("#aebf7c") // a forested hill
	inkHillLn = hex("#7a4f22")
	inkRiver  = hex("#2f6fc0")
	inkBridge = hex("#5a3b1c")
	inkRoad   = hex("#a6462f")
	inkStrip  = hex("#b7b7b0")
	inkWire   = hex("#26262a")
	inkWireLt = hex("#6a6a72")
	inkSector = hex("#c62828")
	inkZone   = hex("#d98c8c")
	inkSupply = hex("#fdfdfd")
	inkSP     = hex("#fff7dc")
	inkSPLn   = hex("#3a2a12")
	inkHosp   = hex("#d32f2f")
	inkTrench = hex("#4a0e0e") // dark: apart from the red sector borders
	inkDig    = hex("#e07b39")

	inkFR     = hex("#cfe0f7")
	inkFREdge = hex("#0d3466")
	inkFRText = hex("#0d2a52")
	inkVM     = hex("#e8763a")
	inkVMEdge = hex("#4a1200")
	inkVMText = hex("#2a0a00")
	inkRedBnd = hex("#f4a5a0") // the reduced side's light red band (1.7)

	inkBlueArr = hex("#2f6fc0")
	inkRedArr  = hex("#c62828")
	inkGrayArr = hex("#8a8f98")

	inkDry     = hex("#d9c27a")
	inkRain    = hex("#6fa3d8")
	inkMonsoon = hex("#3d5f9e")
	inkNow     = hex("#ffd54f")
)

func inks() []color.RGBA {
	return []color.RGBA{inkBG, inkPanel2, inkPanelLn, inkText, inkTextLt, inkTextDim, inkWhite, inkBlack, inkHexLn,
		inkField, inkForest, inkHill, inkHillF, inkHillLn, inkRiver, inkBridge, inkRoad, inkStrip, inkWire, inkWireLt,
		inkSector, inkZone, inkSupply, inkSP, inkSPLn, inkHosp, inkTrench, inkDig,
		inkFR, inkFREdge, inkFRText, inkVM, inkVMEdge, inkVMText, inkRedBnd, inkBlueArr, inkRedArr, inkGrayArr,
		inkDry, inkRain, inkMonsoon, inkNow}
}

func alpha(c color.RGBA, a float64) color.RGBA {
	return color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(255 * a)}
}

func hex(s string) color.RGBA {
	v := func(i int) uint8 { return unhex(s[i])<<4 | unhex(s[i+1]) }
	return color.RGBA{v(1), v(3), v(5), 255}
}

func unhex(b byte) uint8 {
	switch {
	case b >= '0' && b <= '9':
		return b - '0'
	case b >= 'a' && b <= 'f':
		return b - 'a' + 10
	}
	return b - 'A' + 10
}
