package main

import "fmt"

type Account struct {
	Balance int
	History []int
}

func (a *Account) Deposit(n int) {
	a.Balance += n
	a.History = append(a.History, n)
}

func (a Account) Preview(n int) int {
	a.Balance += n
	return a.Balance
}

func main() {
	acc := Account{}
	acc.Deposit(50)
	acc.Deposit(25)
	fmt.Println(acc.Preview(100), acc.Balance, acc.History)
	p := &acc
	p.Deposit(5)
	fmt.Println(acc.Balance, p.Preview(1))
	accounts := []Account{{Balance: 1}, {Balance: 2}}
	for i := range accounts {
		accounts[i].Deposit(10)
	}
	for _, a := range accounts {
		a.Deposit(1000)
	}
	fmt.Println(accounts[0].Balance, accounts[1].Balance)
}
