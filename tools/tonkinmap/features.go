//go:build tonkinmap

package main

// The hand-made geography the generator lays on the grid: terrain zones,
// rivers, roads and railways, as latitude/longitude (degrees N, E) taken
// from the historical record (1950s French and US army maps of Tonkin as
// summarized in the literature; modern coordinates of the same places).
// Everything here is RECONSTRUCTED.

type ll = [2]float64 // lat, lon

// zone gives a terrain to the hexes whose centre lies in the polygon (or
// within radius km of the single point when radiusKm > 0).
type zone struct {
	name     string
	terrain  string // clear, rough, mountain, forest (forest is an overlay)
	radiusKm float64
	pts      []ll
}

// Terrain is decided in this order: the base is "rough" on all land
// (the Tonkin highlands, the Guangxi and Yunnan hills, the Lao uplands);
// the plains zones make it "clear"; the forest zones cover it with
// jungle ("rough-forest" on rough, "forest" on clear: rulebook, The Map:
// any forest hex within the rough area is rough/forest); the mountain
// zones make it "mountain"; last the basins make it "clear" again.
var plains = []zone{
	{name: "Red River delta (rice fields, flat)", terrain: "clear", pts: []ll{
		{21.42, 105.50}, {21.42, 105.62}, {21.33, 105.85}, {21.30, 106.05}, {21.33, 106.25},
		{21.13, 106.45}, {21.03, 106.58}, {20.97, 106.78}, {20.85, 106.95}, {20.55, 106.90},
		{20.15, 106.60}, {19.85, 106.20}, {20.05, 105.95}, {20.25, 105.86}, {20.55, 105.80},
		{20.85, 105.58}, {21.05, 105.45}, {21.30, 105.47}}},
	{name: "Thanh Hoa coastal plain", terrain: "clear", pts: []ll{
		{20.10, 105.90}, {19.95, 106.10}, {19.50, 106.00}, {19.50, 105.55}, {19.85, 105.50}, {20.05, 105.70}}},
	{name: "Lower Song Thuong and Luc Nam valleys (Bac Giang)", terrain: "clear", pts: []ll{
		{21.40, 106.10}, {21.45, 106.35}, {21.25, 106.55}, {21.15, 106.40}}},
}

var forests = []zone{
	{name: "Viet Bac jungle (Bac Kan, Tuyen Quang, north of Thai Nguyen)", terrain: "forest", pts: []ll{
		{22.70, 105.10}, {22.60, 105.90}, {22.35, 106.25}, {22.05, 106.25}, {21.75, 106.05},
		{21.68, 105.60}, {21.60, 105.15}, {21.90, 104.85}, {22.40, 104.80}}},
	{name: "Thai country and Black River jungle (north-west Tonkin)", terrain: "forest", pts: []ll{
		{22.40, 102.90}, {22.50, 103.60}, {22.10, 104.20}, {21.70, 104.80}, {21.35, 105.10},
		{20.90, 105.25}, {20.45, 105.25}, {20.30, 104.60}, {20.60, 104.20}, {20.95, 103.40}, {21.60, 102.90}}},
	{name: "Thanh Hoa and Muong hinterland", terrain: "forest", pts: []ll{
		{20.45, 105.25}, {20.40, 105.75}, {20.05, 105.70}, {19.85, 105.45}, {19.50, 105.45}, {19.50, 104.60}, {20.30, 104.60}}},
	{name: "Northern Laos (Phong Saly, Nam Ou, Sam Neua)", terrain: "forest", pts: []ll{
		{22.50, 101.70}, {22.40, 102.50}, {21.60, 102.90}, {20.95, 103.40}, {20.60, 104.20},
		{20.30, 104.60}, {19.50, 104.60}, {19.50, 101.50}}},
	{name: "North-east coastal hills (Dinh Lap, Tien Yen, Ba Che)", terrain: "forest", pts: []ll{
		{21.70, 107.00}, {21.60, 107.60}, {21.30, 107.55}, {21.10, 107.05}, {21.30, 106.80}}},
}

var mountains = []zone{
	{name: "Hoang Lien Son (Fansipan)", terrain: "mountain", pts: []ll{
		{22.80, 103.55}, {22.55, 103.40}, {21.95, 104.05}, {21.45, 104.55}, {21.60, 104.80},
		{22.10, 104.30}, {22.65, 103.85}}},
	{name: "Ha Giang karst and Tay Con Linh", terrain: "mountain", pts: []ll{
		{23.40, 104.85}, {22.95, 104.60}, {22.65, 104.75}, {22.85, 105.35}, {23.10, 105.75}, {23.40, 105.60}}},
	{name: "Pu Sam Sao and Pu Den Dinh (the Lao border range)", terrain: "mountain", pts: []ll{
		{22.55, 102.75}, {22.45, 102.95}, {21.70, 102.85}, {21.10, 103.30}, {20.70, 103.95},
		{20.85, 104.05}, {21.30, 103.55}, {21.90, 103.05}}},
	{name: "Phou Loey and Phou Pan (north-east Laos)", terrain: "mountain", radiusKm: 35, pts: []ll{{20.25, 103.25}}},
	{name: "Tam Dao ridge", terrain: "mountain", radiusKm: 10, pts: []ll{{21.50, 105.62}}},
	{name: "Mau Son", terrain: "mountain", radiusKm: 10, pts: []ll{{21.85, 107.00}}},
	{name: "Yunnan plateau edge (Jinping, Pingbian)", terrain: "mountain", pts: []ll{
		{23.40, 102.60}, {22.75, 102.90}, {22.75, 103.75}, {23.40, 104.20}}},
}

var basins = []zone{
	{name: "Muong Thanh (Dien Bien Phu valley)", terrain: "clear", radiusKm: 8, pts: []ll{{21.39, 103.02}}},
	{name: "Lang Son basin", terrain: "clear", radiusKm: 10, pts: []ll{{21.85, 106.76}}},
	{name: "Cao Bang basin", terrain: "clear", radiusKm: 8, pts: []ll{{22.67, 106.26}}},
	{name: "Nghia Lo basin (Muong Lo)", terrain: "clear", radiusKm: 8, pts: []ll{{21.60, 104.51}}},
	{name: "Thai Nguyen plain", terrain: "clear", radiusKm: 9, pts: []ll{{21.59, 105.85}}},
	{name: "Hoa Binh river plain", terrain: "clear", radiusKm: 6, pts: []ll{{20.81, 105.34}}},
	{name: "Mekong valley at Luang Prabang", terrain: "rough", radiusKm: 10, pts: []ll{{19.89, 102.14}}},
}

// path is a river, road or railway traced through waypoints.
type path struct {
	id, name, kind string // kind: navigable, minor (rivers); road; railway
	pts            []ll
}

var rivers = []path{
	{"red", "Red River (Song Hong / Fleuve Rouge)", "navigable", []ll{
		{22.55, 103.95}, {22.49, 103.97}, {22.17, 104.35}, {21.85, 104.70}, {21.72, 104.90}, {21.40, 105.22},
		{21.30, 105.40}, {21.22, 105.45}, {21.14, 105.52}, {21.03, 105.86}, {20.87, 105.95}, {20.65, 106.05},
		{20.42, 106.20}, {20.25, 106.50}, {20.23, 106.60}}},
	{"black", "Black River (Song Da / Rivière Noire), Hoa Binh to the Red", "navigable", []ll{
		{20.81, 105.34}, {21.00, 105.32}, {21.12, 105.30}, {21.25, 105.37}, {21.30, 105.40}}},
	{"black-upper", "Black River above Hoa Binh (Lai Chau, Ta Bu, Van Yen)", "minor", []ll{
		{22.06, 103.15}, {21.85, 103.57}, {21.45, 103.95}, {21.25, 104.30}, {21.10, 104.70},
		{20.90, 105.05}, {20.81, 105.34}}},
	{"clear", "Clear River (Song Lo / Rivière Claire), Tuyen Quang to the Red", "navigable", []ll{
		{21.82, 105.21}, {21.60, 105.28}, {21.40, 105.38}, {21.30, 105.40}}},
	{"clear-upper", "Song Lo above Tuyen Quang (Ha Giang)", "minor", []ll{
		{22.82, 104.98}, {22.50, 104.98}, {22.15, 105.10}, {21.82, 105.21}}},
	{"gam", "Song Gam (Bao Lac, Na Hang)", "minor", []ll{
		{22.95, 105.67}, {22.55, 105.45}, {22.20, 105.35}, {21.82, 105.21}}},
	{"day", "Day River (Phu Ly, Ninh Binh)", "navigable", []ll{
		{21.14, 105.52}, {20.90, 105.70}, {20.54, 105.91}, {20.25, 105.97}, {20.05, 106.10}, {19.95, 106.12}}},
	{"nam-dinh", "Song Dao (Nam Dinh river, Red to Day)", "navigable", []ll{
		{20.42, 106.20}, {20.42, 106.17}, {20.28, 106.02}}},
	{"ninh-co", "Song Ninh Co (Red to the sea past Hai Hau)", "minor", []ll{
		{20.36, 106.30}, {20.20, 106.22}, {20.08, 106.20}}},
	{"tra-ly", "Song Tra Ly (Red to the sea past Thai Binh)", "minor", []ll{
		{20.50, 106.18}, {20.45, 106.34}, {20.40, 106.60}}},
	{"canal-rapides", "Canal des Rapides and Song Duong (Hanoi to Sept Pagodes)", "navigable", []ll{
		{21.05, 105.88}, {21.10, 106.05}, {21.11, 106.30}}},
	{"thai-binh", "Thai Binh River (Sept Pagodes, Hai Duong, to the sea)", "navigable", []ll{
		{21.11, 106.30}, {20.94, 106.33}, {20.75, 106.45}, {20.60, 106.60}, {20.53, 106.70}}},
	{"cua-cam", "Cua Cam and Kinh Thay (Sept Pagodes, Haiphong, to the sea)", "navigable", []ll{
		{21.11, 106.30}, {21.00, 106.50}, {20.87, 106.68}, {20.80, 106.82}}},
	{"cau", "Song Cau (Thai Nguyen to Sept Pagodes)", "minor", []ll{
		{22.15, 105.83}, {21.59, 105.85}, {21.30, 106.05}, {21.11, 106.30}}},
	{"ca-lo", "Song Phan and Song Ca Lo (Vinh Yen, Phuc Yen, to the Cau)", "minor", []ll{
		{21.31, 105.60}, {21.25, 105.75}, {21.22, 105.95}, {21.30, 106.05}}},
	{"thuong", "Song Thuong (Bac Giang)", "minor", []ll{
		{21.55, 106.45}, {21.27, 106.19}, {21.11, 106.30}}},
	{"ky-cung", "Song Ky Cung (Lang Son, That Khe, into China)", "minor", []ll{
		{21.76, 106.92}, {21.85, 106.76}, {22.05, 106.60}, {22.25, 106.47}, {22.45, 106.60}, {22.60, 106.80}}},
	{"bang-giang", "Song Bang Giang (Cao Bang)", "minor", []ll{
		{22.80, 105.95}, {22.67, 106.26}, {22.70, 106.55}, {22.85, 106.75}}},
	{"chay", "Song Chay (Bac Ha, Bao Yen)", "minor", []ll{
		{22.55, 104.30}, {22.20, 104.55}, {21.85, 105.10}, {21.60, 105.28}}},
	{"ma", "Song Ma (Sop Cop, Ba Thuoc, Thanh Hoa)", "minor", []ll{
		{21.25, 103.55}, {20.90, 103.80}, {20.70, 104.30}, {20.40, 104.80}, {20.20, 105.20}, {19.95, 105.55}, {19.81, 105.78}, {19.78, 105.92}}},
	{"nam-youm", "Nam Youm and Nam Na (Dien Bien Phu to the Black River)", "minor", []ll{
		{21.20, 103.00}, {21.39, 103.02}, {21.70, 103.05}, {22.06, 103.15}}},
	{"nam-ou", "Nam Ou (Phong Saly, Muong Khoua, Nong Khiaw, to the Mekong)", "minor", []ll{
		{21.68, 102.10}, {21.30, 102.45}, {21.08, 102.52}, {20.71, 102.68}, {20.40, 102.55}, {20.10, 102.35}, {19.93, 102.18}}},
	{"mekong", "Mekong at Luang Prabang", "navigable", []ll{
		{20.30, 101.90}, {20.05, 102.05}, {19.89, 102.14}, {19.70, 102.20}}},
}

var roads = []path{
	{"rc1-north", "RC 1: Hanoi, Bac Ninh, Phu Lang Thuong, Lang Son", "road", []ll{
		{21.03, 105.85}, {21.19, 106.08}, {21.27, 106.19}, {21.55, 106.45}, {21.85, 106.76}}},
	{"rc1-south", "RC 1: Hanoi, Phu Ly, Ninh Binh, Thanh Hoa", "road", []ll{
		{21.03, 105.85}, {20.54, 105.91}, {20.25, 105.97}, {19.81, 105.78}, {19.60, 105.70}}},
	{"rc4", "RC 4: Mong Cai, Tien Yen, Lang Son, That Khe, Dong Khe, Cao Bang", "road", []ll{
		{21.53, 107.97}, {21.33, 107.40}, {21.55, 107.10}, {21.76, 106.92}, {21.85, 106.76},
		{21.94, 106.70}, {22.25, 106.47}, {22.43, 106.43}, {22.67, 106.26}}},
	{"rc3", "RC 3: Hanoi, Thai Nguyen, Bac Kan, Cao Bang", "road", []ll{
		{21.03, 105.85}, {21.59, 105.85}, {22.15, 105.83}, {22.45, 106.00}, {22.67, 106.26}}},
	{"rc5", "RC 5: Hanoi, Hai Duong, Haiphong", "road", []ll{
		{21.03, 105.85}, {20.94, 106.33}, {20.87, 106.68}}},
	{"rc18", "RC 18: Bac Ninh, Sept Pagodes, Dong Trieu, Hon Gay", "road", []ll{
		{21.19, 106.08}, {21.11, 106.30}, {21.08, 106.51}, {20.95, 107.08}, {21.33, 107.40}}},
	{"rc2", "RC 2: Hanoi, Vinh Yen, Viet Tri, Tuyen Quang, Ha Giang", "road", []ll{
		{21.03, 105.85}, {21.31, 105.60}, {21.32, 105.40}, {21.82, 105.21}, {22.15, 105.10}, {22.82, 104.98}}},
	{"rc6", "RC 6: Hanoi, Hoa Binh, Moc Chau, Co Noi, Son La, Tuan Giao, Lai Chau", "road", []ll{
		{21.03, 105.85}, {20.81, 105.34}, {20.84, 104.68}, {21.12, 104.15}, {21.33, 103.91},
		{21.59, 103.42}, {22.06, 103.15}}},
	{"rp41", "RP 41: Tuan Giao to Dien Bien Phu", "road", []ll{
		{21.59, 103.42}, {21.39, 103.02}}},
	{"rc70", "RC 70 and RC 2: Viet Tri, Phu Tho, Yen Bai, Lao Kay", "road", []ll{
		{21.32, 105.40}, {21.40, 105.22}, {21.72, 104.90}, {22.17, 104.35}, {22.49, 103.97}}},
	{"rp13", "RP 13: Yen Bai, Nghia Lo, Than Uyen", "road", []ll{
		{21.72, 104.90}, {21.60, 104.51}, {21.95, 103.89}}},
	{"rc10", "RC 10: Haiphong, Thai Binh, Nam Dinh, Ninh Binh", "road", []ll{
		{20.87, 106.68}, {20.45, 106.34}, {20.42, 106.17}, {20.25, 105.97}}},
	{"rc21", "RC 21: Phu Ly to Nam Dinh", "road", []ll{
		{20.54, 105.91}, {20.42, 106.17}}},
	{"cao-bang-china", "Cao Bang, Tra Linh to the border", "road", []ll{
		{22.67, 106.26}, {22.80, 106.30}, {22.95, 106.40}}},
	{"rc6-laos", "Route 6: Son La border, Sam Neua", "road", []ll{
		{21.12, 104.15}, {20.80, 104.15}, {20.42, 104.05}}},
	{"rc13-laos", "Route 13 north: Luang Prabang, Nam Bac", "road", []ll{
		{19.89, 102.14}, {20.20, 102.35}, {20.55, 102.55}}},
}

var railways = []path{
	{"rail-yunnan", "Yunnan railway: Haiphong, Hanoi, Viet Tri, Yen Bai, Lao Kay, to Kunming", "railway", []ll{
		{20.87, 106.68}, {20.94, 106.33}, {21.03, 105.85}, {21.32, 105.40}, {21.40, 105.22},
		{21.72, 104.90}, {22.17, 104.35}, {22.49, 103.97}, {22.60, 103.95}, {23.00, 103.70}}},
	{"rail-china", "Hanoi, Bac Ninh, Phu Lang Thuong, Lang Son, Dong Dang, Pingxiang (the Chinese railway)", "railway", []ll{
		{21.03, 105.85}, {21.19, 106.08}, {21.27, 106.19}, {21.55, 106.45}, {21.85, 106.76},
		{21.94, 106.70}, {22.11, 106.75}}},
	{"rail-south", "Transindochinois: Hanoi, Phu Ly, Nam Dinh, Ninh Binh, Thanh Hoa", "railway", []ll{
		{21.03, 105.85}, {20.54, 105.91}, {20.42, 106.17}, {20.25, 105.97}, {19.81, 105.78}, {19.60, 105.70}}},
}

// deltaZone is the outline used to pick the delta: river hexes from Vinh
// Yen towards the sea (rulebook, The Map) whose centres lie in it.
var deltaZone = plains[0]
