import type { Random } from "./random";

/** Word lists for plausible generated people and places (common US names; no real person or school). */
const GIRLS = `Olivia Emma Charlotte Amelia Sophia Mia Isabella Ava Evelyn Luna Harper Sofia Camila Eleanor Elizabeth
Violet Scarlett Emily Hazel Lily Gianna Aurora Penelope Aria Nora Chloe Ellie Mila Avery Layla Abigail Ella Isla Eliana
Nova Madison Zoe Ivy Grace Lucy Willow Emilia Riley Naomi Victoria Stella Elena Hannah Valentina Maya Zoey Delilah Leah
Lainey Lillian Paisley Genesis Madelyn Sadie Sophie Leilani Addison Natalie Josephine Alice Ruby Claire Kinsley Everly
Emery Adeline Kennedy Maeve Audrey Autumn Athena Eden Iris Anna Eloise Jade Maria Caroline Brooklyn Quinn Aaliyah Vivian
Liliana Gabriella Hailey Sarah Savannah Cora Madeline Bella Aubrey Ximena Imani Zuri Amara Nia Keisha Priya Mei Aiyana`.split(/\s+/);

const BOYS = `Liam Noah Oliver James Elijah Mateo Theodore Henry Lucas William Benjamin Levi Sebastian Jack Ezra Michael Daniel
Leo Owen Samuel Hudson Alexander Asher Luca Ethan John David Jackson Joseph Mason Luke Matthew Julian Dylan Elias Jacob
Maverick Gabriel Logan Aiden Thomas Isaac Miles Grayson Santiago Anthony Wyatt Carter Jayden Ezekiel Caleb Cooper Josiah
Charles Christopher Isaiah Nolan Cameron Nathan Joshua Kai Waylon Angel Lincoln Andrew Roman Adrian Aaron Wesley Ian
Thiago Axel Brooks Bennett Weston Rowan Christian Theo Beau Eli Silas Jonathan Ryan Leonardo Walker Jaxon Micah Everett
Robert Enzo Parker Jeremiah Jose Colton Luka Easton Jordan Malik Darius Andre Jamal Rohan Arjun Kenji Tariq Diego Omar`.split(/\s+/);

const SURNAMES = `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson
Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker
Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter
Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers
Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood
James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins
Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson
Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar
Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen
Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz
Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels
Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce Vazquez Hansen
Peters Santos Hart Bradley Knight Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Riley Andrews Alvarado Ray
Delgado Berry Perkins Hoffman Johnston Matthews Pena Richards Contreras Willis Carpenter Lawrence Sandoval Guerrero
George Chapman Rios Estrada Ortega Watkins Greene Nunez Wheeler Valdez Harper Burke Larson Santiago Maldonado Morrison
Franklin Carlson Austin Dominguez Carr Lawson Jacobs O'Brien Lynch Singh Vega Bishop Montgomery Oliver Jensen Harvey
Williamson Gilbert Dean Sims Espinoza Howell Li Wong Reid Hanson Le McCoy Garrett Burton Fuller Wang Weber Welch Rojas
Lucas Marquez Fields Park Yang Little Banks Padilla Day Walsh Bowman Schultz Luna Fowler Mejia Davidson Acosta Brewer
May Holland Juarez Newman Pearson Curtis Cortez Douglas Schneider Joseph Barrett Navarro Figueroa Keller Avila Wade
Molina Stanley Hopkins Campos Barnett Bates Chambers Caldwell Beck Lambert Miranda Byrd Craig Ayala Lowe Frazier Powers
Neal Leonard Gregory Carrillo Sutton Fleming Rhodes Shelton Schwartz Norris Jennings Watts Duran Walters Cohen McDaniel
Moran Parks Steele Vaughn Becker Holt Deleon Barker Terry Hale Leon Benson Haynes Horton Miles Lyons Pham Graves`.split(/\s+/);

/** Words that name schools and towns: trees, landmarks, notable Americans, places. */
const PLACE_WORDS = `Oak, Maple, Cedar, Willow, Birch, Pine, Elm, Hickory, Chestnut, Sycamore, Laurel, Magnolia, Aspen, Poplar,
Walnut, Linden, Riverside, Lakeview, Hillcrest, Fairview, Brookside, Meadowbrook, Springdale, Glenwood,
Highland, Parkside, Sunnyside, Westwood, Eastgate, Northfield, Southridge, Stonebridge, Clearwater, Greenfield,
Rolling Hills, Harbor, Bayside, Mill Creek, Fox Run, Lincoln, Washington, Jefferson, Franklin, Roosevelt,
Kennedy, Madison, Adams, Monroe, Jackson, Harriet Tubman, Frederick Douglass, George Washington Carver, Edison,
Whitman, Thoreau, Helen Keller, Amelia Earhart, Rosa Parks, Cesar Chavez, Thurgood Marshall, Benjamin Banneker,
Mary McLeod Bethune, Wright Brothers, Neil Armstrong, Sally Ride, John Glenn, Langston Hughes, Cherry Hill,
Deer Park, Rock Creek, Bear Run, Silver Spring, Pleasant Valley, Green Acres, Forest Glen, Spring Garden,
Twin Oaks, Apple Grove, Pinecrest, Cloverleaf, Bluebird, Cardinal, Heritage, Liberty, Independence, Freedom,
Pioneer, Frontier, Union, Summit, Crestview, Ridgeview, Valley View, Mountain View, Pleasant Hill, Shady Grove,
Windsor, Belmont, Ashford, Kingston, Salem`.split(/,\s*/);

const TOWNS = `Ashland, Bedford, Bristol, Camden, Canton, Chester, Clayton, Clinton, Dayton, Dover, Easton, Elkton, Fairfield,
Franklin, Georgetown, Greenville, Hamilton, Hanover, Harrison, Hudson, Jackson, Kent, Lancaster, Lebanon,
Lexington, Lima, Lorain, Madison, Marion, Marietta, Mason, Milford, Monroe, Newark, Newport, Norwalk, Oakland,
Oxford, Perry, Portsmouth, Putnam, Richmond, Salem, Shelby, Sidney, Springfield, Sterling, Troy, Union, Warren,
Wayne, Westfield, Wilmington, Xenia, Zanesville, Athens, Ada, Akron, Alliance, Amherst, Archbold, Ashtabula,
Avon, Barberton, Bellefontaine, Bexley, Bowling Green, Bryan, Bucyrus, Cambridge, Celina, Chardon, Circleville,
Coshocton, Defiance, Delaware, Elyria, Findlay, Fostoria, Fremont, Galion, Gallipolis, Hillsboro, Ironton,
Kenton, Logan, London, Mansfield, Marysville, Massillon, Medina, Mentor, Middletown, Minster, Napoleon,
Norwood, Oberlin, Orrville, Painesville, Piqua, Ravenna, Sandusky, Sebring, Steubenville, Tiffin, Toledo,
Urbana, Van Wert, Vandalia, Wapakoneta, Warsaw, Wauseon, Willard, Wooster, Frostburg, Cumberland, Hagerstown,
Frederick, Westminster, Bel Air, Towson, Columbia, Annapolis, Bowie, Waldorf, Salisbury, Chestertown,
Centreville, Denton, Snow Hill, Leonardtown, La Plata`.split(/,\s*/);

const SCHOOL_KINDS = [
  ["Elementary School", 10],
  ["Elementary", 6],
  ["Primary School", 3],
  ["Early Learning Center", 2],
  ["Community School", 1],
  ["Academy", 1],
] as const;

export type GeneratedGender = "MALE" | "FEMALE" | "NON-BINARY" | "UNKNOWN";

export function personName(random: Random, gender: GeneratedGender) {
  const girl = gender === "FEMALE" || (gender !== "MALE" && random.chance(0.5));
  const firsts = girl ? GIRLS : BOYS;
  return {
    firstName: random.pick(firsts),
    middleName: random.chance(0.7) ? random.pick(firsts) : null,
    lastName: random.chance(0.08) ? `${random.pick(SURNAMES)}-${random.pick(SURNAMES)}` : random.pick(SURNAMES),
  };
}

export function adultName(random: Random) {
  return { firstName: random.pick(random.chance(0.8) ? GIRLS : BOYS), lastName: random.pick(SURNAMES) };
}

export function schoolName(random: Random): string {
  return `${random.pick(PLACE_WORDS)} ${random.weighted(SCHOOL_KINDS)}`;
}

export function townName(random: Random): string {
  return random.pick(TOWNS);
}
