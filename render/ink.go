package render

import "image/color"

// Hex parses an ink written "#rrggbb", or "#rrggbbaa" with an opacity
// (premultiplied, as image/color keeps it); the boards' palettes are
// written so. A digit that is not hexadecimal reads as 0.
func Hex(s string) color.RGBA {
	var v [4]uint8
	v[3] = 255
	for i := 0; i < (len(s)-1)/2 && i < 4; i++ {
		v[i] = unhex(s[1+2*i])<<4 | unhex(s[2+2*i])
	}
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

// Alpha is c at opacity a, from 0 to 1 (premultiplied).
func Alpha(c color.RGBA, a float64) color.RGBA {
	return color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(255 * a)}
}
