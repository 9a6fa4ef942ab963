/**
 * The most common passwords of 8 or more characters (OWASP ASVS 2.1.7), so
 * sign-up, checkout's create-password step and admin password changes refuse
 * them. Drawn from the top of the well-known public lists of leaked passwords
 * (SecLists' 10k-most-common and similar), filtered to length >= 8 and
 * lowercased, plus a few shop- and India-flavoured variants. Kept compact
 * (a few KB gzip) because the sign-up screens bundle it; log in never uses it,
 * so an existing account with such a password can still log in.
 */

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose one that is harder to guess.';

const LIST = `
password 12345678 123456789 1234567890 12345678910 123123123 1234512345 11111111 111111111 1111111111
00000000 000000000 0000000000 22222222 33333333 44444444 55555555 66666666 77777777 88888888 99999999
87654321 987654321 9876543210 0987654321 12341234 11223344 12344321 123321123 147258369 159753123 123654789
741852963 963852741 789456123 147852369 12121212 13131313 69696969 10203040 01234567 98765432
qwertyuiop qwertyui qwerty123 qwerty12 qwerty1234 qwertyu1 qwerty123456 qwerty@123 1qaz2wsx 1q2w3e4r
1q2w3e4r5t 1q2w3e4r5t6y zaq12wsx zaq1zaq1 zaq1xsw2 q1w2e3r4 q1w2e3r4t5 qazwsxedc qazwsx123 1qazxsw2
asdfghjkl asdfghjk asdf1234 asdfasdf asdf123456 zxcvbnm1 zxcvbnm123 zxcvbnma 1234qwer 1234asdf 1234abcd
abcd1234 abcd@1234 abc12345 abc123456 abcdefgh abcdefg1 abcdef123 a1b2c3d4 aaaaaaaa aa123456 a1234567
a12345678 aa12345678 1a2b3c4d qweasdzxc qweqweqwe qwe12345 qwe123qwe 123qweasd 123qwe123 123qweasdzxc
password1 password12 password123 password1234 password! password@123 password2 password01 passw0rd
p@ssw0rd p@ssword p@ssword1 pa55word pa55w0rd passpass passport passwort password99 mypassword
pass1234 pass@123 pass12345 passw0rd1 password7 password11 newpassword changeme changeme1 changeme123
letmein1 letmein123 letmeinnow welcome1 welcome12 welcome123 welcome@123 welcome2 welcomeback
iloveyou iloveyou1 iloveyou2 iloveyou12 iloveyou123 iloveu123 ilovegod iloveyou! loveyou1 lovelove
loveme123 lovely123 ilovemom ilovemyself ilovemusic iloveindia
admin123 admin1234 admin12345 admin@123 administrator adminadmin admin2024 admin2025 root1234 rootroot
superman superman1 batman123 spiderman ironman1 starwars starwars1 pokemon1 pokemon123 naruto123
sunshine sunshine1 princess princess1 football football1 baseball baseball1 basketball soccer12
cricket1 cricket123 hockey123 tennis123 swimming
trustno1 whatever whatever1 internet computer computer1 security security1
michelle jennifer jessica1 jordan23 michael1 charlie1 thomas12 william1 robert12 anthony1 andrew12
alexander christian elizabeth samantha victoria jonathan nicholas danielle stephanie benjamin
corvette mercedes ferrari1 porsche1 mustang1 chevrolet harley123
midnight maverick blink182 metallica slipknot nirvana1 rockstar rocknroll liverpool chelsea1 arsenal1
manchester barcelona realmadrid juventus
monkey12 monkey123 dragon12 dragon123 dragonfly master12 master123 mastermind shadow12 shadow123
killer12 hunter12 hunter123 freedom1 freedom123 diamond1 butterfly flower123 chocolate cookie123
cheese123 banana123 orange123 apple123 pepper123 summer12 summer123 winter12 spring12 autumn12
qwertyuiop123 asdfghjkl123 zxcvbnm12345 1234567a 12345678a 123456789a 1234567890a 12345qwert
123456aa 123456ab 123456abc 123456qq 123456789q 12345678q qq123456 aa123123 zz123456
123abc123 abc123abc 1234567q 7777777a 123456as
hello123 hello1234 helloworld hellokitty goodluck goodbye1 thankyou friends1 friendship
family123 forever1 together happy123 happiness smile123 beautiful gorgeous sweetheart
angel123 angels12 babygirl babygirl1 babyboy1 sweetie1 cutie123 princess123 honey123 sexy1234
jesus123 jesuschrist blessed1 faith123 godisgood
master01 access14 secret12 secret123 private1 mysecret
google123 facebook instagram youtube1 linkedin twitter1 yahoo123 gmail123 hotmail1 microsoft
samsung1 samsung123 iphone12 android1 nokia123 windows1 windows7 windows10 computer123
login123 user1234 test1234 testtest test12345 tester123 guest123 demo1234 default1 default123
qwertyqwerty 1qaz1qaz 2wsx3edc 3edc4rfv qwerasdf qwerasdfzxcv
iloveyouu loveyou123 lovers123 lover123
december november1 october1 september august12 january1 february
monday123 sunday123 friday13
01011990 01011980 01012000 12121990 11111990
india123 india@123 india1234 indian123 bharat123 mumbai123 delhi123 bangalore chennai123 kolkata123
hyderabad pune1234 jaipur123 mumbai@123 hindustan jaihind1 jaihind123 vandemataram
krishna1 krishna123 ganesh123 shivshakti omnamahshivaya jaishreeram jaishriram hanuman1 saibaba1
sairam123 om123456 mahadev123 shiva123 shivani1 lakshmi1 durga123
sachin10 sachin123 dhoni007 viratkohli rohit123 iloveindia1
rahul123 amit1234 priya123 pooja123 neha1234 anjali123 deepak123 suresh123 ramesh123 rajesh123
sandeep1 manish123 vikas123 sunil123 ajay1234 vijay123 sanjay123 kumar123 singh123 sharma123
watch123 watches1 rolex123 omega123 timesquare shopping online123 onlinestore
welcome! welcome01 welcome2024 welcome2025 summer2024 summer2025 winter2024 spring2025
password2024 password2025 password2023 admin@2024 admin@2025 india@2024
`;

const COMMON = new Set(LIST.split(/\s+/).filter((p) => p.length >= 8));

/** True for a password on the list, compared case-insensitively ("Password1" is as weak as "password1"). */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

/** How many passwords the list holds (for the tests). */
export const COMMON_PASSWORD_COUNT = COMMON.size;
